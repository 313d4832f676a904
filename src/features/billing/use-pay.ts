import { useRef, useState } from 'react'
import { toast } from 'sonner'
import { useRepository } from '@/data/repository-context'
import { AppError, type ErrorCode, isAppError, messageFor } from '@/domain/errors'
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

/** One toast for a declined payment: a second decline replaces it, and paying takes it away. */
const DECLINE_TOAST = 'payment-declined'

/** Pays for the chosen plan under one attempt key: on this device, or through the server. */
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
    // An earlier decline's toast would still say "Payment failed" under the success that follows.
    toast.dismiss(DECLINE_TOAST)
    try {
      const plan = requirePlan(planId ?? '')
      const problem = checkCardDetails(card, new Date())
      if (problem) throw new AppError(problem)
      const key = attemptKeyFor({ userId, planId: plan.id, couponCode: coupon?.code ?? null })
      const paid = await repository.payments.pay({
        plan: plan.id,
        ...(coupon ? { couponCode: coupon.code } : {}),
        card,
        idempotencyKey: key,
        gateway,
      })
      finishAttempt(key)
      succeed({
        amountCents: paid.amountCents,
        cardBrand: paid.cardBrand,
        cardLast4: paid.cardLast4,
        letters: paid.subscription.letters,
      })
      toast.success('Payment successful! Your subscription is now active.')
    } catch (error) {
      const message = messageFor(error, 'PAYMENT_FAILED')
      setAlert(message)
      if (isAppError(error) && DECLINES.includes(error.code)) {
        toast.error(message, { id: DECLINE_TOAST })
      }
    } finally {
      inFlight.current = false
      setProcessing(false)
    }
  }

  return { pay, processing, alert }
}
