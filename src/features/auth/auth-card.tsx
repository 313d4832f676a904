import type { ReactNode } from 'react'

/** The card every view of the auth page sits in. */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <div className="w-full max-w-md rounded-xl border border-ink-100 bg-white p-6 shadow-lg sm:p-8 dark:border-ink-800 dark:bg-ink-900">
      {children}
    </div>
  )
}

/** Focus starts at a view's heading when it opens in place of another, so it is read first. */
export const focusOnMount = (node: HTMLElement | null) => node?.focus({ preventScroll: true })

/** A view's visible level-one heading, where focus starts. */
export function AuthHeading({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <h1 id={id} ref={focusOnMount} tabIndex={-1} className="text-xl font-semibold outline-none">
      {children}
    </h1>
  )
}
