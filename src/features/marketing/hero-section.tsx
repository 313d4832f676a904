import { ArrowRight } from 'lucide-react'
import { AppLink } from '@/ui/app-link'
import { buttonClass } from '@/ui/button'
import { HERO, STATS } from './content'
import { LetterVisual } from './letter-visual'

export function HeroSection() {
  return (
    <section id="hero" aria-labelledby="hero-title" className="relative isolate overflow-x-clip">
      <div
        aria-hidden
        className="absolute inset-x-0 top-0 -z-10 h-[36rem] bg-[radial-gradient(60rem_28rem_at_80%_0%,rgba(220,195,144,0.35),transparent_70%)] dark:bg-[radial-gradient(60rem_28rem_at_80%_0%,rgba(176,141,87,0.18),transparent_70%)]"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-16 px-5 pt-14 pb-24 sm:px-8 sm:pt-20 lg:grid-cols-[1.15fr_0.85fr] lg:gap-12 lg:pt-24 lg:pb-32">
        <div>
          <p className="text-xs font-semibold tracking-[0.22em] text-brass-600 uppercase dark:text-brass-400">
            {HERO.eyebrow}
          </p>
          <h1
            id="hero-title"
            className="mt-5 font-display text-[2.9rem] leading-[1.02] font-medium tracking-[-0.02em] text-ink-950 sm:text-6xl lg:text-[5.25rem] dark:text-white"
          >
            {HERO.title}{' '}
            <em className="font-normal text-brass-600 italic dark:text-brass-400">
              {HERO.titleAccent}
            </em>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-ink-600 dark:text-ink-200">
            {HERO.lede}
          </p>
          <div className="mt-9 flex flex-wrap items-center gap-3">
            <AppLink
              to="/auth"
              search={{ tab: 'signup' }}
              className={buttonClass('primary', 'min-h-12 px-6 text-base')}
            >
              {HERO.primaryCta}
              <ArrowRight aria-hidden className="size-4" />
            </AppLink>
            <a href="#services" className={buttonClass('secondary', 'min-h-12 px-6 text-base')}>
              {HERO.secondaryCta}
            </a>
          </div>
          <dl className="mt-12 grid max-w-lg grid-cols-3 divide-x divide-ink-900/10 border-t border-ink-900/10 pt-6 dark:divide-white/10 dark:border-white/10">
            {STATS.map((stat) => (
              <div
                key={stat.label}
                className="flex flex-col-reverse justify-end px-3 first:pl-0 sm:px-5"
              >
                <dt className="mt-1 text-xs text-ink-500 sm:text-sm dark:text-ink-300">
                  {stat.label}
                </dt>
                <dd className="font-display text-2xl font-medium text-ink-950 sm:text-3xl dark:text-white">
                  {stat.value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
        <LetterVisual />
      </div>
    </section>
  )
}
