import { formatCents } from '@/domain/money'
import { PLANS } from '@/domain/plans'
import { Badge } from '@/ui/badge'

/** The plan catalogue; buying a plan arrives with checkout. */
export function SubscriptionTab() {
  return (
    <div className="grid gap-4 md:grid-cols-3">
      {PLANS.map((plan) => (
        <article
          key={plan.id}
          aria-labelledby={`plan-${plan.id}`}
          className="flex flex-col gap-2 rounded-lg border border-ink-100 bg-white p-5 dark:border-ink-800 dark:bg-ink-900"
        >
          <div className="flex items-center justify-between gap-2">
            <h3 id={`plan-${plan.id}`} className="text-lg font-semibold">
              {plan.name}
            </h3>
            {plan.popular ? <Badge tone="accent">Most Popular</Badge> : null}
          </div>
          <p className="font-serif text-3xl">{formatCents(plan.priceCents)}</p>
          <p className="text-sm text-ink-600 dark:text-ink-300">{plan.description}</p>
        </article>
      ))}
    </div>
  )
}
