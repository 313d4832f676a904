import { CONTACT } from './content'
import { ContactForm } from './contact-form'
import { SectionHeading } from './section-heading'

export function ContactSection() {
  return (
    <section id="contact" aria-labelledby="contact-title">
      <div className="mx-auto grid max-w-6xl gap-12 px-5 py-24 sm:px-8 lg:grid-cols-[0.85fr_1.15fr] lg:gap-20 lg:py-32">
        <div>
          <SectionHeading id="contact-title" eyebrow={CONTACT.eyebrow} title={CONTACT.title} />
          <p className="mt-6 text-lg leading-relaxed text-ink-600 dark:text-ink-200">
            {CONTACT.lede}
          </p>
          <ul className="mt-8 flex flex-col gap-3">
            {CONTACT.notes.map((note) => (
              <li key={note} className="flex gap-3 text-ink-600 dark:text-ink-300">
                <span aria-hidden className="mt-3 h-px w-4 shrink-0 bg-brass-500" />
                {note}
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-2xl border border-ink-900/10 bg-white p-6 shadow-[0_30px_60px_-35px_rgba(12,17,32,0.35)] sm:p-10 dark:border-white/10 dark:bg-ink-900">
          <ContactForm />
        </div>
      </div>
    </section>
  )
}
