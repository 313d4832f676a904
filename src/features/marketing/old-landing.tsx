import { Link } from '@tanstack/react-router'
import { ArrowRight } from 'lucide-react'
import type { ReactNode } from 'react'
import { buttonClass } from '@/ui/button'
import { OLD_HERO, OLD_NAV, STEPS, STEPS_INTRO, FEATURES_INTRO } from './content'
import { FeatureList } from './features-section'
import { LandingShell } from './landing-shell'
import { PricingSection } from './pricing-section'
import { SectionHeading } from './section-heading'

type OldLandingProps = { brand: ReactNode; actions: ReactNode }

/** The simpler landing page shown at /old to visitors who are signed out. */
export function OldLanding({ brand, actions }: OldLandingProps) {
  return (
    <LandingShell brand={brand} actions={actions} links={OLD_NAV}>
      <section id="home" aria-labelledby="home-title" className="relative isolate overflow-x-clip">
        <div
          aria-hidden
          className="absolute inset-0 -z-10 bg-[radial-gradient(50rem_24rem_at_50%_0%,rgba(220,195,144,0.35),transparent_70%)] dark:bg-[radial-gradient(50rem_24rem_at_50%_0%,rgba(176,141,87,0.18),transparent_70%)]"
        />
        <div className="mx-auto max-w-4xl px-5 pt-20 pb-24 text-center sm:px-8 sm:pt-28">
          <p className="text-xs font-semibold tracking-[0.22em] text-brass-600 uppercase dark:text-brass-400">
            {OLD_HERO.eyebrow}
          </p>
          <h1
            id="home-title"
            className="mt-5 font-display text-5xl leading-[1.05] font-medium tracking-tight text-balance text-ink-950 sm:text-7xl dark:text-white"
          >
            {OLD_HERO.title}
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-ink-600 dark:text-ink-200">
            {OLD_HERO.lede}
          </p>
          <div className="mt-9 flex flex-wrap justify-center gap-3">
            <Link
              to="/auth"
              search={{ tab: 'signup' }}
              className={buttonClass('primary', 'min-h-12 px-6 text-base')}
            >
              {OLD_HERO.primaryCta}
              <ArrowRight aria-hidden className="size-4" />
            </Link>
            <a href="#pricing" className={buttonClass('secondary', 'min-h-12 px-6 text-base')}>
              {OLD_HERO.secondaryCta}
            </a>
          </div>
        </div>
      </section>
      <section
        id="how-it-works"
        aria-labelledby="how-title"
        className="border-y border-ink-900/10 bg-white/60 dark:border-white/10 dark:bg-ink-900/40"
      >
        <div className="mx-auto max-w-6xl px-5 py-24 sm:px-8">
          <SectionHeading id="how-title" eyebrow={STEPS_INTRO.eyebrow} title={STEPS_INTRO.title} />
          <ol className="mt-14 grid gap-10 md:grid-cols-3">
            {STEPS.map((step, index) => (
              <li key={step.title} className="border-t-2 border-brass-500 pt-5">
                <span aria-hidden className="font-display text-5xl text-brass-500 italic">
                  {index + 1}
                </span>
                <h3 className="mt-3 font-display text-xl font-medium text-ink-950 dark:text-white">
                  {step.title}
                </h3>
                <p className="mt-2 leading-relaxed text-ink-600 dark:text-ink-300">{step.body}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
      <section id="features" aria-labelledby="features-title">
        <div className="mx-auto grid max-w-6xl gap-14 px-5 py-24 sm:px-8 lg:grid-cols-[0.8fr_1.2fr]">
          <SectionHeading
            id="features-title"
            eyebrow={FEATURES_INTRO.eyebrow}
            title={FEATURES_INTRO.title}
          />
          <FeatureList tone="default" />
        </div>
      </section>
      <PricingSection />
    </LandingShell>
  )
}
