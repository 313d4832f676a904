import { formatCents, priceWithCoupon } from '@/domain/money'
import type { Plan } from '@/domain/plans'
import { Button } from '@/ui/button'
import { useCheckoutStore } from './checkout-store'
import { CouponField } from './coupon-field'
import { useCouponEntry } from './use-coupon-entry'

/** Step 1: what is being bought, the coupon, and the total. */
export function OrderSummary({ plan }: { plan: Plan }) {
  const { coupon, continueToPayment, reset } = useCheckoutStore()
  const entry = useCouponEntry()
  const price = priceWithCoupon(plan.priceCents, coupon !== null)
  return (
    <section aria-labelledby="order-summary-heading" className="flex flex-col gap-5">
      <h2 id="order-summary-heading" className="text-xl font-semibold">
        Order Summary
      </h2>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 rounded-lg border border-ink-100 p-4 dark:border-ink-800">
        <dt>{plan.name}</dt>
        <dd className="text-right">{formatCents(price.listCents)}</dd>
        {coupon ? (
          <>
            <dt className="text-emerald-800 dark:text-emerald-300">
              Coupon {coupon.code} ({price.discountPercent}% off)
            </dt>
            <dd className="text-right text-emerald-800 dark:text-emerald-300">
              −{formatCents(price.discountCents)}
            </dd>
          </>
        ) : null}
        <dt className="border-t border-ink-100 pt-2 font-semibold dark:border-ink-800">Total</dt>
        <dd
          className="border-t border-ink-100 pt-2 text-right font-semibold dark:border-ink-800"
          data-testid="order-total"
        >
          {formatCents(price.priceCents)}
        </dd>
      </dl>
      <CouponField entry={entry} />
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={entry.checking}
          onClick={() => {
            // A code typed but not applied is applied now, never silently dropped.
            void entry.applyTyped().then((applied) => {
              if (applied) continueToPayment()
            })
          }}
        >
          Continue to Payment
        </Button>
        <Button variant="ghost" onClick={reset}>
          Back to Plans
        </Button>
      </div>
    </section>
  )
}
