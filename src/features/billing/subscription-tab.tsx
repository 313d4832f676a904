import { findPlan } from '@/domain/plans'
import { useCheckoutStore } from './checkout-store'
import { LettersLeft } from './letters-left'
import { OrderSummary } from './order-summary'
import { PaymentForm } from './payment-form'
import { PaymentSuccess } from './payment-success'
import { PlanCards } from './plan-cards'

/** Letters left, then the plans, or the checkout for the plan chosen. */
export function SubscriptionTab({ userId }: { userId: string }) {
  const { userId: checkoutUser, planId, step, selectPlan } = useCheckoutStore()
  const plan = checkoutUser === userId && planId ? findPlan(planId) : undefined

  if (!plan) {
    return (
      <div className="flex flex-col gap-6">
        <LettersLeft userId={userId} />
        <PlanCards onSelect={(id) => selectPlan(userId, id)} />
      </div>
    )
  }
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-4">
      <ol
        aria-label="Checkout steps"
        className="flex gap-2 text-xs font-semibold uppercase tracking-wider text-ink-500"
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
        <PaymentForm plan={plan} userId={userId} />
      ) : (
        <PaymentSuccess plan={plan} />
      )}
    </div>
  )
}
