import { Check } from 'lucide-react'
import { formatCents } from '@/domain/money'
import { PLANS, type PlanId } from '@/domain/plans'
import { Badge } from '@/ui/badge'
import { Button } from '@/ui/button'
import { cn } from '@/ui/cn'

/** The plan catalogue, each plan with Select Plan. */
export function PlanCards({ onSelect }: { onSelect: (planId: PlanId) => void }) {
  return (
    <div className="grid gap-4 md:grid-cols-3">
      {PLANS.map((plan) => (
        <article
          key={plan.id}
          aria-labelledby={`plan-${plan.id}`}
          className={cn(
            'flex flex-col gap-3 rounded-xl border bg-white p-5 dark:bg-ink-900',
            plan.popular
              ? 'border-brass-500 ring-1 ring-brass-500'
              : 'border-ink-100 dark:border-ink-800',
          )}
        >
          <div className="flex min-h-7 items-center justify-between gap-2">
            <h3 id={`plan-${plan.id}`} className="text-lg font-semibold">
              {plan.name}
            </h3>
            {plan.popular ? <Badge tone="accent">Most Popular</Badge> : null}
          </div>
          <p className="font-serif text-3xl">{formatCents(plan.priceCents)}</p>
          <p className="text-sm text-ink-600 dark:text-ink-300">{plan.description}</p>
          <ul className="flex flex-1 flex-col gap-1.5 text-sm">
            {plan.features.map((feature) => (
              <li key={feature} className="flex items-center gap-2">
                <Check aria-hidden className="size-4 text-brass-600" />
                {feature}
              </li>
            ))}
          </ul>
          <Button
            variant={plan.popular ? 'primary' : 'secondary'}
            onClick={() => onSelect(plan.id)}
            aria-describedby={`plan-${plan.id}`}
          >
            Select Plan
          </Button>
        </article>
      ))}
    </div>
  )
}
