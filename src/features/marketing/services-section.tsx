import { LETTER_TYPES } from '@/domain/letter-types'
import { SERVICE_DESCRIPTIONS, SERVICES } from './content'
import { SectionHeading } from './section-heading'

const NUMERALS = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X']

export function ServicesSection() {
  return (
    <section
      id="services"
      aria-labelledby="services-title"
      className="bg-white/60 dark:bg-ink-900/40"
    >
      <div className="mx-auto max-w-6xl px-5 py-24 sm:px-8 lg:py-32">
        <div className="flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
          <SectionHeading id="services-title" eyebrow={SERVICES.eyebrow} title={SERVICES.title} />
          <p className="max-w-sm text-ink-600 dark:text-ink-300">{SERVICES.lede}</p>
        </div>
        <ul className="mt-14 grid gap-px overflow-hidden rounded-xl border border-ink-900/10 bg-ink-900/10 sm:grid-cols-2 lg:grid-cols-3 dark:border-white/10 dark:bg-white/10">
          {LETTER_TYPES.map((type, index) => (
            <li
              key={type}
              className="group relative bg-paper p-7 transition-colors hover:bg-white sm:p-8 dark:bg-ink-950 dark:hover:bg-ink-900"
            >
              <span
                aria-hidden
                className="font-display text-sm tracking-widest text-brass-600 italic dark:text-brass-400"
              >
                {NUMERALS[index] ?? String(index + 1)}
              </span>
              <h3 className="mt-6 font-display text-2xl font-medium text-ink-950 dark:text-white">
                {type}
              </h3>
              <p className="mt-2 leading-relaxed text-ink-600 dark:text-ink-300">
                {SERVICE_DESCRIPTIONS[type]}
              </p>
              <span
                aria-hidden
                className="absolute inset-x-7 bottom-0 h-0.5 origin-left scale-x-0 bg-brass-500 transition-transform duration-300 group-hover:scale-x-100 sm:inset-x-8"
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
