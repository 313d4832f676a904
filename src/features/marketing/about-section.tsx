import { ABOUT } from './content'
import { SectionHeading } from './section-heading'

export function AboutSection() {
  return (
    <section
      id="about"
      aria-labelledby="about-title"
      className="border-t border-ink-900/10 dark:border-white/10"
    >
      <div className="mx-auto max-w-6xl px-5 py-24 sm:px-8 lg:py-32">
        <div className="grid gap-10 lg:grid-cols-2 lg:gap-20">
          <SectionHeading id="about-title" eyebrow={ABOUT.eyebrow} title={ABOUT.title} />
          <div className="flex flex-col gap-5 lg:pt-10">
            {ABOUT.body.map((paragraph, index) => (
              <p
                key={paragraph}
                className={
                  index === 0
                    ? 'font-display text-xl leading-relaxed text-ink-800 dark:text-ink-50'
                    : 'text-lg leading-relaxed text-ink-600 dark:text-ink-200'
                }
              >
                {paragraph}
              </p>
            ))}
          </div>
        </div>
        <ol className="mt-16 grid gap-10 md:grid-cols-3 md:gap-8 lg:mt-20">
          {ABOUT.principles.map((principle, index) => (
            <li key={principle.title} className="border-t-2 border-brass-500 pt-5">
              <span
                aria-hidden
                className="font-display text-sm text-brass-600 italic dark:text-brass-400"
              >
                {String(index + 1).padStart(2, '0')}
              </span>
              <h3 className="mt-2 font-display text-xl font-medium text-ink-950 dark:text-white">
                {principle.title}
              </h3>
              <p className="mt-2 leading-relaxed text-ink-600 dark:text-ink-300">
                {principle.body}
              </p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}
