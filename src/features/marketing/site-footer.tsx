import type { ReactNode } from 'react'
import { FOOTER, type NavLink } from './content'

type SiteFooterProps = { brand: ReactNode; links: readonly NavLink[] }

/** Always dark ink, in both themes, so the page ends on a firm line. */
export function SiteFooter({ brand, links }: SiteFooterProps) {
  return (
    <footer className="bg-ink-950 text-ink-200 dark:border-t dark:border-white/10">
      <div className="mx-auto flex max-w-6xl flex-col gap-10 px-5 pt-16 pb-10 sm:px-8 md:flex-row md:items-start md:justify-between">
        <div className="text-paper">
          {brand}
          <p className="mt-3 max-w-xs text-sm text-ink-300">{FOOTER.tagline}</p>
        </div>
        <nav aria-label={FOOTER.navLabel}>
          <ul className="flex flex-wrap gap-x-6 gap-y-3 text-sm">
            {links.map((link) => (
              <li key={link.id}>
                <a
                  href={`#${link.id}`}
                  className="text-ink-200 underline-offset-4 hover:text-white hover:underline"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <div className="flex flex-col gap-4 border-t border-white/10 py-8 text-sm text-ink-300 md:flex-row md:justify-between md:gap-10">
          <p className="max-w-2xl leading-relaxed">{FOOTER.disclaimer}</p>
          <p className="shrink-0">
            © {new Date().getFullYear()} Letterhead. {FOOTER.rights}
          </p>
        </div>
      </div>
    </footer>
  )
}
