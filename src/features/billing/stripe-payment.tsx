import { ExternalLink, Loader2 } from 'lucide-react'
import { formatCents, priceWithCoupon } from '@/domain/money'
import type { Plan } from '@/domain/plans'
import { Button } from '@/ui/button'
import { FormAlert } from '@/ui/form-alert'
import { useCheckoutStore } from './checkout-store'
import { usePay } from './use-pay'

/**
 * Step 2 when the server's gateway is Stripe (decision 026): no card here.
 * Pay starts the checkout and sends the browser to Stripe's page, which takes
 * the card; the purchase arrives by sync once Stripe confirms it.
 */
export function StripePayment({ plan, userId }: { plan: Plan; userId: string }) {
  const { coupon, back } = useCheckoutStore()
  const { payOnStripe, processing, alert } = usePay(userId)
  const total = formatCents(priceWithCoupon(plan.priceCents, coupon !== null).priceCents)

  return (
    <section aria-labelledby="payment-heading" className="flex flex-col gap-4">
      <h2 id="payment-heading" className="text-xl font-semibold">
        Payment
      </h2>
      <p className="text-sm text-ink-600 dark:text-ink-300">
        {plan.name} · {total}.
      </p>
      <p>
        You will enter your card on Stripe&rsquo;s secure page; your plan is added as soon as Stripe
        confirms the payment.
      </p>
      <form
        noValidate
        aria-label="Payment details"
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault()
          void payOnStripe()
        }}
      >
        <FormAlert message={alert} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={processing} aria-busy={processing}>
            {processing ? (
              <Loader2 aria-hidden className="size-4 animate-spin" />
            ) : (
              <ExternalLink aria-hidden className="size-4" />
            )}
            {`Pay ${total}`}
          </Button>
          <Button variant="ghost" onClick={back} disabled={processing}>
            Back
          </Button>
        </div>
        <p role="status" className={processing ? 'text-sm' : 'sr-only'}>
          {processing ? 'Opening Stripe’s secure page…' : ''}
        </p>
      </form>
    </section>
  )
}
