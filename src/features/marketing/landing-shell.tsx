import type { ReactNode } from 'react'
import { FOOTER, type NavLink } from './content'
import { CustomCursor } from './custom-cursor'
import { GrainOverlay } from './grain-overlay'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

type LandingShellProps = {
  brand: ReactNode
  actions: ReactNode
  links: readonly NavLink[]
  children: ReactNode
}

/** What both landing pages share: skip link, sticky header, footer, grain and cursor. */
export function LandingShell({ brand, actions, links, children }: LandingShellProps) {
  return (
    // data-landing turns on smooth scrolling for in-page links (see marketing.css).
    <div data-landing className="relative min-h-dvh">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[70] focus:rounded-md focus:bg-ink-900 focus:px-4 focus:py-2 focus:text-paper"
      >
        {FOOTER.skipLink}
      </a>
      <SiteHeader brand={brand} actions={actions} links={links} />
      <main id="main" tabIndex={-1} className="outline-none">
        {children}
      </main>
      <SiteFooter brand={brand} links={links} />
      <GrainOverlay />
      <CustomCursor />
    </div>
  )
}
