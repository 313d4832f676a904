import { Check } from 'lucide-react'
import { formatCents } from '@/domain/money'
import { type PlanId, PLANS } from '@/domain/plans'
import { AppLink, type AppLinkProps } from '@/ui/app-link'
import { buttonClass } from '@/ui/button'
import { cn } from '@/ui/cn'
import { PRICING } from './content'
import { SectionHeading } from './section-heading'

/** Brass on the dark popular card; the shared variants are made for light surfaces. */
const POPULAR_BUTTON =
  'mt-8 inline-flex min-h-11 items-center justify-center rounded-md bg-brass-300 px-4 py-2 text-sm font-medium text-ink-950 transition-colors hover:bg-brass-400'

/**
 * Where Select Plan leads: signed in, straight to that plan's checkout;
 * signed out, to Sign Up, which opens the checkout once the account exists.
 */
export function selectPlanTarget(
  planId: PlanId,
  signedIn: boolean,
): Pick<AppLinkProps, 'to' | 'search'> {
  return signedIn
    ? { to: '/app', search: { tab: 'subscription', plan: planId } }
    : { to: '/auth', search: { tab: 'signup', plan: planId } }
}

type PricingSectionProps = { signedIn?: boolean }

/** Prices come from the one plan catalogue, so this page can never disagree with checkout. */
export function PricingSection({ signedIn = false }: PricingSectionProps) {
  return (
    <section id="pricing" aria-labelledby="pricing-title">
      <div className="mx-auto max-w-6xl px-5 py-24 sm:px-8 lg:py-28">
        <SectionHeading id="pricing-title" eyebrow={PRICING.eyebrow} title={PRICING.title} />
        <ul className="mt-14 grid gap-6 lg:grid-cols-3">
          {PLANS.map((plan) => (
            <li
              key={plan.id}
              className={cn(
                'relative flex flex-col rounded-2xl border p-7 sm:p-8',
                plan.popular
                  ? 'border-ink-900 bg-ink-900 text-paper shadow-xl dark:border-brass-400/60 dark:bg-ink-900'
                  : 'border-ink-900/10 bg-white dark:border-white/10 dark:bg-ink-950',
              )}
            >
              {plan.popular ? (
                <span className="absolute -top-3 left-7 rounded-full bg-brass-300 px-3 py-1 text-xs font-semibold tracking-wide text-ink-950">
                  {PRICING.popular}
                </span>
              ) : null}
              <h3 id={`pricing-plan-${plan.id}`} className="font-display text-2xl font-medium">
                {plan.name}
              </h3>
              <p
                className={cn(
                  'mt-2 text-sm lg:min-h-10',
                  plan.popular ? 'text-ink-200' : 'text-ink-600 dark:text-ink-300',
                )}
              >
                {plan.description}
              </p>
              <p className="mt-6 font-display text-5xl font-medium tracking-tight">
                {formatCents(plan.priceCents)}
              </p>
              <ul className="mt-6 flex flex-1 flex-col gap-2.5 text-sm">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex items-start gap-2.5">
                    <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-brass-500" />
                    {feature}
                  </li>
                ))}
              </ul>
              <AppLink
                {...selectPlanTarget(plan.id, signedIn)}
                // Three buttons share one name; each is described by its plan's name.
                aria-describedby={`pricing-plan-${plan.id}`}
                className={
                  plan.popular ? POPULAR_BUTTON : buttonClass('secondary', 'mt-8 min-h-11')
                }
              >
                {PRICING.select}
              </AppLink>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-sm text-ink-500 dark:text-ink-300">{PRICING.note}</p>
      </div>
    </section>
  )
}
