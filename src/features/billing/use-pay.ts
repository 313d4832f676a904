import { useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import { useRepository } from '@/data/repository-context'
import type { PaidOrder, StripeCheckout, StripeOrder } from '@/data/repository'
import { AppError, type ErrorCode, isAppError, messageFor } from '@/domain/errors'
import { requirePlan } from '@/domain/plans'
import { attemptKeyFor, finishAttempt } from './checkout-attempt'
import { useCheckoutStore } from './checkout-store'
import { usePaymentGateway } from './gateway-context'
import { type CardField, errorConcerns } from './payment-error-fields'
import { rememberDeparture } from './stripe-departure'
import { useStripeRedirect } from './stripe-redirect'
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

/**
 * Pays for the chosen plan under one attempt key: with a card, on this device
 * or through the server, or on Stripe's page, where the browser is sent.
 */
export function usePay(userId: string) {
  const repository = useRepository()
  const gateway = usePaymentGateway()
  const redirect = useStripeRedirect()
  const { planId, coupon, succeed } = useCheckoutStore()
  const [processing, setProcessing] = useState(false)
  const [alert, setAlert] = useState<string | null>(null)
  const [alertCode, setAlertCode] = useState<ErrorCode | null>(null)
  // A ref, not state: a second click in the same frame must see the first one.
  const inFlight = useRef(false)

  // Back from Stripe's page with the browser's Back button, this page is shown as it was left.
  useEffect(() => {
    const shown = (event: PageTransitionEvent) => {
      if (event.persisted) setProcessing(false)
    }
    window.addEventListener('pageshow', shown)
    return () => window.removeEventListener('pageshow', shown)
  }, [])

  async function attempt(charge: (order: StripeOrder) => Promise<StripeCheckout>) {
    if (inFlight.current) return
    inFlight.current = true
    setProcessing(true)
    setAlert(null)
    setAlertCode(null)
    // An earlier decline's toast would still say "Payment failed" under the success that follows.
    toast.dismiss(DECLINE_TOAST)
    let leaving = false
    try {
      const plan = requirePlan(planId ?? '')
      const key = attemptKeyFor({ userId, planId: plan.id, couponCode: coupon?.code ?? null })
      const answer = await charge({
        plan: plan.id,
        ...(coupon ? { couponCode: coupon.code } : {}),
        idempotencyKey: key,
      })
      if ('checkoutUrl' in answer) {
        // The page is leaving: Pay stays busy until it has.
        leaving = true
        redirect(answer.checkoutUrl)
        return
      }
      finishAttempt(key)
      paid(answer)
    } catch (error) {
      const message = messageFor(error, 'PAYMENT_FAILED')
      setAlert(message)
      setAlertCode(isAppError(error) ? error.code : null)
      if (isAppError(error) && DECLINES.includes(error.code)) {
        toast.error(message, { id: DECLINE_TOAST })
      }
    } finally {
      inFlight.current = false
      if (!leaving) setProcessing(false)
    }
  }

  function paid(order: PaidOrder) {
    succeed({
      amountCents: order.amountCents,
      cardBrand: order.cardBrand,
      cardLast4: order.cardLast4,
      letters: order.subscription.letters,
    })
    toast.success('Payment successful! Your subscription is now active.')
  }

  /** A field the error is about was edited: the error, and a decline's toast, no longer apply. */
  function edited(field: CardField) {
    if (!errorConcerns(alertCode, field)) return
    setAlert(null)
    setAlertCode(null)
    toast.dismiss(DECLINE_TOAST)
  }

  /** The card typed on the Payment step, checked here first, then charged. */
  const pay = (card: CardDetails) =>
    attempt((order) => {
      const problem = checkCardDetails(card, new Date())
      if (problem) throw new AppError(problem)
      return repository.payments.pay({ ...order, card, gateway })
    })

  /**
   * Stripe's page for the order. What this device counts before leaving is
   * remembered, so that on the way back the purchase that arrives is told apart.
   */
  const payOnStripe = () =>
    attempt(async (order) => {
      const { credits } = await repository.subscriptions.entitlements()
      const answer = await repository.payments.startStripeCheckout(order)
      if ('checkoutUrl' in answer) {
        rememberDeparture({
          userId,
          key: order.idempotencyKey,
          knownSubscriptionIds: credits.map((credit) => credit.subscriptionId),
          leftAt: Date.now(),
        })
      }
      return answer
    })

  return { pay, payOnStripe, processing, alert, edited }
}
