import type { ReactNode } from 'react'
import { LETTER_TYPES } from '@/domain/letter-schema'
import { SiteHeader } from './site-header'

type LandingPageProps = { brand: ReactNode; actions: ReactNode }

/** The main landing page: a first version; the full marketing page replaces its sections. */
export function LandingPage({ brand, actions }: LandingPageProps) {
  return (
    <>
      <SiteHeader brand={brand} actions={actions} />
      <main>
        <section id="hero" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
          <p className="text-sm font-semibold uppercase tracking-widest text-brass-600 dark:text-brass-400">
            Formal letters, properly written
          </p>
          <h1 className="mt-3 max-w-3xl text-4xl font-semibold leading-tight sm:text-6xl">
            Legal letters that say exactly what you mean.
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-ink-600 dark:text-ink-300">
            Letterhead drafts demand letters, cease and desist letters, legal notices and more, on
            your device, even offline. Download them as text, PDF or Word.
          </p>
        </section>
        <section id="services" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
          <h2 className="text-2xl font-semibold">Letters we write</h2>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {LETTER_TYPES.map((type) => (
              <li
                key={type}
                className="rounded-lg border border-ink-100 bg-white p-4 dark:border-ink-800 dark:bg-ink-900"
              >
                {type}
              </li>
            ))}
          </ul>
        </section>
      </main>
      <footer className="border-t border-ink-100 px-4 py-8 text-center text-sm text-ink-500 dark:border-ink-800 dark:text-ink-400">
        Letterhead is not a law firm and does not give legal advice.
      </footer>
    </>
  )
}
