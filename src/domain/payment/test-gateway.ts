import { AppError, type ErrorCode } from '@/domain/errors'
import { cardBrand, checkCardDetails, lastFour, normalizeCardNumber } from './card'
import type { ChargeRequest, ChargeResult, PaymentGateway } from './payment-gateway'

export const TEST_GATEWAY_ID = 'test'
export const TEST_GATEWAY_DELAY_MS = 1500

/**
 * The widely used test-card numbers, so anyone who has tested a checkout
 * before knows how to provoke each outcome. Any other valid number succeeds.
 */
export const TEST_CARD_OUTCOMES: Readonly<Record<string, ErrorCode>> = {
  '4000000000000002': 'PAYMENT_FAILED',
  '4000000000009995': 'CARD_DECLINED_INSUFFICIENT_FUNDS',
  '4000000000000069': 'CARD_DECLINED_EXPIRED',
  '4000000000000127': 'CARD_DECLINED_CVC',
  '4000000000000119': 'PROCESSING_ERROR',
}

export type TestGatewayOptions = {
  clock?: () => Date
  /** Simulated round trip to the processor, so the Pay button's busy state is real. */
  delayMs?: number
  sleep?: (ms: number) => Promise<void>
}

type Attempt = { amountCents: number; cardLast4: string; result: Promise<ChargeResult> }

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * An in-browser gateway that validates like a real one and never moves money.
 * Details are checked before the simulated round trip, so a typo is reported
 * at once; declines come after it, as they would from a bank.
 */
export function createTestGateway(options: TestGatewayOptions = {}): PaymentGateway {
  const clock = options.clock ?? (() => new Date())
  const delayMs = options.delayMs ?? TEST_GATEWAY_DELAY_MS
  const sleep = options.sleep ?? realSleep
  const attempts = new Map<string, Attempt>()

  async function process(request: ChargeRequest): Promise<ChargeResult> {
    await sleep(delayMs)
    const digits = normalizeCardNumber(request.card.cardNumber)
    const decline = TEST_CARD_OUTCOMES[digits]
    if (decline) throw new AppError(decline)
    return Object.freeze({
      chargeId: crypto.randomUUID(),
      cardBrand: cardBrand(digits),
      cardLast4: lastFour(digits),
      amountCents: request.amountCents,
    })
  }

  async function charge(request: ChargeRequest): Promise<ChargeResult> {
    const problem = checkCardDetails(request.card, clock())
    if (problem) throw new AppError(problem)
    if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
      throw new AppError('PAYMENT_AMOUNT_INVALID')
    }

    const cardLast4 = lastFour(request.card.cardNumber)
    const earlier = attempts.get(request.idempotencyKey)
    if (earlier) {
      // Replaying a different purchase under an old key would report a charge
      // that never happened for this amount or card.
      if (earlier.amountCents !== request.amountCents || earlier.cardLast4 !== cardLast4) {
        throw new AppError('IDEMPOTENCY_CONFLICT')
      }
      return earlier.result
    }

    const result = process(request)
    attempts.set(request.idempotencyKey, { amountCents: request.amountCents, cardLast4, result })
    // A refused charge took no money, so the key is released: the customer can
    // correct the details and retry the same purchase without a replayed refusal.
    result.catch(() => attempts.delete(request.idempotencyKey))
    return result
  }

  return { id: TEST_GATEWAY_ID, charge }
}
