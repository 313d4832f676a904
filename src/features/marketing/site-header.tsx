import type { ReactNode } from 'react'
import type { NavLink } from './content'
import { MobileMenu } from './mobile-menu'
import { NavLinks } from './nav-links'
import { useActiveSection } from './use-active-section'

type SiteHeaderProps = { brand: ReactNode; actions: ReactNode; links: readonly NavLink[] }

/** The landing pages' sticky bar: brand, in-page links and account actions, folding into a menu on phones. */
export function SiteHeader({ brand, actions, links }: SiteHeaderProps) {
  const active = useActiveSection(links.map((link) => link.id))
  return (
    <header className="sticky top-0 z-30 border-b border-ink-900/10 bg-paper/85 backdrop-blur-md dark:border-white/10 dark:bg-ink-950/85">
      <div className="relative mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-5 sm:px-8">
        {brand}
        <nav aria-label="Main" className="hidden md:block">
          <NavLinks links={links} active={active} layout="row" />
        </nav>
        <div className="hidden md:block">{actions}</div>
        <MobileMenu links={links} actions={actions} active={active} />
      </div>
    </header>
  )
}
