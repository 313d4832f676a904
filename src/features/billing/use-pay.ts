import { useRef, useState } from 'react'
import { toast } from 'sonner'
import { useRepository } from '@/data/repository-context'
import { AppError, type ErrorCode, isAppError, messageFor } from '@/domain/errors'
import { priceWithCoupon } from '@/domain/money'
import { requirePlan } from '@/domain/plans'
import { attemptKeyFor, finishAttempt } from './checkout-attempt'
import { useCheckoutStore } from './checkout-store'
import { usePaymentGateway } from './gateway-context'
import { checkCardDetails } from '@/domain/payment/card'
import type { CardDetails } from '@/domain/payment/payment-gateway'

/** Refusals from the card network: said in the form and as a toast, as a bank's "no" deserves. */
const DECLINES: readonly ErrorCode[] = [
  'PAYMENT_FAILED',
  'CARD_DECLINED_INSUFFICIENT_FUNDS',
  'CARD_DECLINED_EXPIRED',
  'CARD_DECLINED_CVC',
  'PROCESSING_ERROR',
]

/** Charges the card, then records the subscription under the same attempt key. */
export function usePay(userId: string) {
  const repository = useRepository()
  const gateway = usePaymentGateway()
  const { planId, coupon, succeed } = useCheckoutStore()
  const [processing, setProcessing] = useState(false)
  const [alert, setAlert] = useState<string | null>(null)
  // A ref, not state: a second click in the same frame must see the first one.
  const inFlight = useRef(false)

  async function pay(card: CardDetails) {
    if (inFlight.current) return
    inFlight.current = true
    setProcessing(true)
    setAlert(null)
    try {
      const plan = requirePlan(planId ?? '')
      const problem = checkCardDetails(card, new Date())
      if (problem) throw new AppError(problem)
      const price = priceWithCoupon(plan.priceCents, coupon !== null)
      const key = attemptKeyFor({ userId, planId: plan.id, couponCode: coupon?.code ?? null })
      const charge = await gateway.charge({
        amountCents: price.priceCents,
        currency: 'USD',
        card,
        idempotencyKey: key,
        description: `Letterhead ${plan.name}`,
      })
      await repository.subscriptions.create({
        plan: plan.id,
        ...(coupon ? { couponCode: coupon.code } : {}),
        idempotencyKey: key,
        payment: {
          chargeId: charge.chargeId,
          cardBrand: charge.cardBrand,
          cardLast4: charge.cardLast4,
        },
      })
      finishAttempt(key)
      succeed({
        amountCents: price.priceCents,
        cardBrand: charge.cardBrand,
        cardLast4: charge.cardLast4,
        letters: plan.letters,
      })
      toast.success('Payment successful! Your subscription is now active.')
    } catch (error) {
      const message = messageFor(error, 'PAYMENT_FAILED')
      setAlert(message)
      if (isAppError(error) && DECLINES.includes(error.code)) toast.error(message)
    } finally {
      inFlight.current = false
      setProcessing(false)
    }
  }

  return { pay, processing, alert }
}
