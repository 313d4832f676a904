// Checkout under load: buyers at once, each an account of its own paying with the test gateway's
// card that succeeds, every purchase under a new Idempotency-Key, against the real server on
// 127.0.0.1 (the target process, so the buyers never share its event loop).
import { randomUUID } from 'node:crypto'
import { CHECKOUT_PATHS, IDEMPOTENCY_HEADER } from '@/domain/checkout'
import { PLANS } from '@/domain/plans'
import { percentile } from '../shared/stats'
import type { Account } from './accounts'

export type CheckoutResult = {
  buyers: number
  seconds: number
  checkouts: number
  perSecond: number
  p50Ms: number
  p99Ms: number
  errors: number
  firstError: string | null
}

/** The test gateway's card that always succeeds (src/domain/payment/test-gateway.ts). */
function successCard(now: Date) {
  const year = String((now.getUTCFullYear() + 2) % 100).padStart(2, '0')
  return {
    cardNumber: '4242 4242 4242 4242',
    expiryDate: `12/${year}`,
    cvv: '123',
    cardholderName: 'Bench Buyer',
  }
}

/** A checkout the server acknowledged (201): whose, under which key, and what it answered. */
export type Acknowledged = {
  buyer: Account
  key: string
  subscriptionId: string
  couponCode: string | null
}

/**
 * Every buyer buys one plan after another for `warmUpSeconds`, then for `seconds`; only purchases
 * begun and answered within the second span count. Every other one uses a coupon, each buyer an
 * employee's of their own (as customers of a sales team would), so commissions are written too.
 * Any answer but 201 is an error, in the warm-up too. `onAcknowledged` hears of every 201, the
 * warm-up's too, so what the purchases wrote can be checked afterwards.
 */
export async function checkoutLoad(
  appOrigin: string,
  buyers: readonly Account[],
  couponCodes: readonly string[],
  {
    warmUpSeconds,
    seconds,
    onAcknowledged,
  }: { warmUpSeconds: number; seconds: number; onAcknowledged?: (one: Acknowledged) => void },
): Promise<CheckoutResult> {
  const card = successCard(new Date())
  const begins = performance.now() + warmUpSeconds * 1000
  const ends = begins + seconds * 1000
  const latencies: number[] = []
  let errors = 0
  let firstError: string | null = null
  let sent = 0
  const buy = async (buyer: Account, index: number) => {
    const couponCode = couponCodes[index % couponCodes.length]
    while (performance.now() < ends) {
      const plan = PLANS[sent % PLANS.length]?.id ?? 'single'
      const withCoupon = couponCode !== undefined && sent % 2 === 0
      sent += 1
      const key = randomUUID()
      const started = performance.now()
      let problem: string | null = null
      try {
        const response = await fetch(`${appOrigin}${CHECKOUT_PATHS.checkout}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: appOrigin,
            cookie: buyer.cookie,
            [IDEMPOTENCY_HEADER]: key,
          },
          body: JSON.stringify({ plan, ...(withCoupon ? { couponCode } : {}), card }),
        })
        const text = await response.text()
        if (response.status !== 201) problem = `${response.status}: ${text.slice(0, 300)}`
        else if (onAcknowledged) {
          const { subscription } = JSON.parse(text) as {
            subscription: { id: string; couponCode: string | null }
          }
          onAcknowledged({
            buyer,
            key,
            subscriptionId: subscription.id,
            couponCode: subscription.couponCode,
          })
        }
      } catch (error) {
        problem = error instanceof Error ? error.message : String(error)
      }
      const finished = performance.now()
      if (problem !== null) {
        // An error counts wherever it falls, the warm-up too.
        errors += 1
        firstError ??= problem
      } else if (started >= begins && finished <= ends) latencies.push(finished - started)
    }
  }
  await Promise.all(buyers.map(buy))
  return {
    buyers: buyers.length,
    seconds,
    checkouts: latencies.length,
    perSecond: latencies.length / seconds,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    errors,
    firstError,
  }
}
