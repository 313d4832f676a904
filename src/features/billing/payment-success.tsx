import { CheckCircle2 } from 'lucide-react'
import { useEffect } from 'react'
import { formatCents } from '@/domain/money'
import type { Plan } from '@/domain/plans'
import { Button } from '@/ui/button'
import { useCheckoutStore } from './checkout-store'

/** How long the success screen stays before checkout closes by itself. */
export const SUCCESS_SCREEN_MS = 3000

export function PaymentSuccess({ plan }: { plan: Plan }) {
  const { receipt, reset } = useCheckoutStore()

  useEffect(() => {
    const timer = setTimeout(reset, SUCCESS_SCREEN_MS)
    return () => clearTimeout(timer)
  }, [reset])

  return (
    <section
      aria-labelledby="payment-success-heading"
      className="flex flex-col items-center gap-3 py-6 text-center"
    >
      <CheckCircle2 aria-hidden className="size-12 text-emerald-600" />
      <h2 id="payment-success-heading" className="text-2xl font-semibold">
        Payment Successful
      </h2>
      {receipt ? (
        <p className="text-ink-600 dark:text-ink-300">
          {/* Stripe's page took the card: this app never learns its last four. */}
          {receipt.cardLast4
            ? `${formatCents(receipt.amountCents)} charged to ${receipt.cardBrand} ending ${receipt.cardLast4}.`
            : `${formatCents(receipt.amountCents)} paid.`}{' '}
          {plan.name} adds {receipt.letters} {receipt.letters === 1 ? 'letter' : 'letters'}.
        </p>
      ) : null}
      <Button variant="secondary" onClick={reset}>
        Done
      </Button>
    </section>
  )
}
