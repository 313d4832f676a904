import { Download, LayoutTemplate, LifeBuoy, type LucideIcon, Sparkles } from 'lucide-react'
import { FEATURES, FEATURES_INTRO, type FeatureKey } from './content'
import { SectionHeading } from './section-heading'

const ICONS: Record<FeatureKey, LucideIcon> = {
  generation: Sparkles,
  templates: LayoutTemplate,
  download: Download,
  support: LifeBuoy,
}

/** The four selling points; both landing pages list them. */
export function FeatureList({ tone = 'inverse' }: { tone?: 'default' | 'inverse' }) {
  const inverse = tone === 'inverse'
  return (
    <ul className="grid gap-x-10 gap-y-12 sm:grid-cols-2">
      {FEATURES.map((feature) => {
        const Icon = ICONS[feature.key]
        return (
          <li key={feature.key} className="flex gap-5">
            <span
              className={
                inverse
                  ? 'grid size-12 shrink-0 place-items-center rounded-full border border-brass-400/40 text-brass-300'
                  : 'grid size-12 shrink-0 place-items-center rounded-full border border-brass-500/40 text-brass-600 dark:text-brass-400'
              }
            >
              <Icon aria-hidden className="size-5" strokeWidth={1.6} />
            </span>
            <div>
              <h3
                className={
                  inverse
                    ? 'font-display text-xl font-medium text-paper'
                    : 'font-display text-xl font-medium text-ink-950 dark:text-white'
                }
              >
                {feature.title}
              </h3>
              <p
                className={
                  inverse
                    ? 'mt-2 leading-relaxed text-ink-200'
                    : 'mt-2 leading-relaxed text-ink-600 dark:text-ink-300'
                }
              >
                {feature.body}
              </p>
            </div>
          </li>
        )
      })}
    </ul>
  )
}

export function FeaturesSection() {
  return (
    <section
      id="features"
      aria-labelledby="features-title"
      className="relative isolate overflow-x-clip bg-ink-900 dark:border-y dark:border-white/10 dark:bg-ink-900/70"
    >
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[radial-gradient(40rem_24rem_at_0%_100%,rgba(176,141,87,0.16),transparent_70%)]"
      />
      <div className="mx-auto grid max-w-6xl gap-14 px-5 py-24 sm:px-8 lg:grid-cols-[0.8fr_1.2fr] lg:gap-20 lg:py-32">
        <SectionHeading
          id="features-title"
          eyebrow={FEATURES_INTRO.eyebrow}
          title={FEATURES_INTRO.title}
          tone="inverse"
        />
        <FeatureList />
      </div>
    </section>
  )
}
