import type { ReactNode } from 'react'
import { formatCents } from '@/domain/money'
import { PLANS } from '@/domain/plans'
import { SiteHeader } from './site-header'

const STEPS = ['Create an account', 'Describe your matter', 'Download your letter']
const FEATURES = [
  'AI letter generation',
  'Professional templates',
  'PDF, DOCX and email download',
  '24/7 support',
]

type OldLandingProps = { brand: ReactNode; actions: ReactNode }

/** The simpler landing page shown at /old to visitors who are signed out. */
export function OldLanding({ brand, actions }: OldLandingProps) {
  return (
    <>
      <SiteHeader brand={brand} actions={actions} />
      <main className="mx-auto max-w-5xl px-4 sm:px-6">
        <section id="home" className="py-14">
          <h1 className="text-4xl font-semibold">Professional legal letters in minutes</h1>
          <p className="mt-3 text-ink-600 dark:text-ink-300">
            Generate formal letters and download them instantly.
          </p>
        </section>
        <section id="how-it-works" className="py-10">
          <h2 className="text-2xl font-semibold">How it works</h2>
          <ol className="mt-4 grid gap-3 sm:grid-cols-3">
            {STEPS.map((step, index) => (
              <li
                key={step}
                className="rounded-lg border border-ink-100 bg-white p-4 dark:border-ink-800 dark:bg-ink-900"
              >
                <span className="font-serif text-2xl text-brass-500">{index + 1}</span> {step}
              </li>
            ))}
          </ol>
        </section>
        <section id="features" className="py-10">
          <h2 className="text-2xl font-semibold">Features</h2>
          <ul className="mt-4 grid gap-2 sm:grid-cols-2">
            {FEATURES.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </section>
        <section id="pricing" className="py-10">
          <h2 className="text-2xl font-semibold">Pricing</h2>
          <ul className="mt-4 grid gap-3 sm:grid-cols-3">
            {PLANS.map((plan) => (
              <li
                key={plan.id}
                className="rounded-lg border border-ink-100 bg-white p-4 dark:border-ink-800 dark:bg-ink-900"
              >
                <h3 className="text-lg font-semibold">{plan.name}</h3>
                <p className="text-2xl">{formatCents(plan.priceCents)}</p>
                <p className="text-sm text-ink-500 dark:text-ink-400">{plan.description}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>
    </>
  )
}
