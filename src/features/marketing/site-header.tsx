import type { ReactNode } from 'react'

/** The landing pages' sticky bar: brand on the left, account actions on the right. */
export function SiteHeader({ brand, actions }: { brand: ReactNode; actions: ReactNode }) {
  return (
    <header className="sticky top-0 z-20 border-b border-ink-100 bg-paper/90 backdrop-blur dark:border-ink-800 dark:bg-ink-950/90">
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3 sm:px-6"
      >
        {brand}
        {actions}
      </nav>
    </header>
  )
}
