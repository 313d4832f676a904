import { useEffect, useRef } from 'react'
import type { StripeReturn } from '@/domain/stripe-return'
import { findPlan } from '@/domain/plans'
import { CheckoutOfflineNote } from './checkout-offline-note'
import { useCheckoutStore } from './checkout-store'
import { LettersLeft } from './letters-left'
import { OrderSummary } from './order-summary'
import { PaymentStep } from './payment-step'
import { PaymentSuccess } from './payment-success'
import { PlanCards } from './plan-cards'
import { StripeReturnNote } from './stripe-return-note'
import { useCheckoutGateway } from './use-checkout-gateway'

type SubscriptionTabProps = {
  userId: string
  /** How the customer came back from Stripe's page, when they just did. */
  stripeReturn?: StripeReturn | undefined
}

/** Letters left, then the plans, or the checkout for the plan chosen. */
export function SubscriptionTab({ userId, stripeReturn }: SubscriptionTabProps) {
  const { userId: checkoutUser, planId, step, selectPlan } = useCheckoutStore()
  // Asked now, so the Payment step knows whether to ask for a card by the time it opens.
  const gateway = useCheckoutGateway()
  const plan = checkoutUser === userId && planId ? findPlan(planId) : undefined
  const container = useRef<HTMLDivElement>(null)
  const view = plan ? step : 'plans'
  const shownView = useRef(view)

  // The button that moved checkout on leaves with its step, dropping focus on the page:
  // start the person at the new step's heading instead (unless focus is somewhere else).
  useEffect(() => {
    if (shownView.current === view) return
    shownView.current = view
    if (document.activeElement && document.activeElement !== document.body) return
    // Back at the plans, the first plan's name: "Letters left" above it may still be loading.
    const heading = container.current?.querySelector<HTMLElement>(
      view === 'plans' ? 'article h3' : 'section h2',
    )
    if (!heading) return
    heading.tabIndex = -1
    heading.focus()
  }, [view])

  if (!plan) {
    return (
      <div ref={container} className="flex flex-col gap-6">
        <CheckoutOfflineNote />
        {stripeReturn ? <StripeReturnNote userId={userId} how={stripeReturn} /> : null}
        <LettersLeft userId={userId} />
        <PlanCards onSelect={(id) => selectPlan(userId, id)} />
      </div>
    )
  }
  return (
    <div ref={container} className="mx-auto flex w-full max-w-lg flex-col gap-4">
      <CheckoutOfflineNote />
      <ol
        aria-label="Checkout steps"
        className="flex gap-2 text-xs font-semibold uppercase tracking-wider text-ink-500 dark:text-ink-300"
      >
        <li
          aria-current={step === 'summary' ? 'step' : undefined}
          className={step === 'summary' ? 'text-ink-900 dark:text-white' : ''}
        >
          1 Order Summary
        </li>
        <li aria-hidden>›</li>
        <li
          aria-current={step === 'payment' ? 'step' : undefined}
          className={step === 'payment' ? 'text-ink-900 dark:text-white' : ''}
        >
          2 Payment
        </li>
      </ol>
      {step === 'summary' ? (
        <OrderSummary plan={plan} />
      ) : step === 'payment' ? (
        <PaymentStep plan={plan} userId={userId} gateway={gateway} />
      ) : (
        <PaymentSuccess plan={plan} />
      )}
    </div>
  )
}
