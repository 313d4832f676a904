import type { ReactNode } from 'react'
import { cn } from './cn'

export function Badge({
  children,
  tone = 'neutral',
}: {
  children: ReactNode
  tone?: 'neutral' | 'accent'
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wide',
        tone === 'accent'
          ? 'bg-brass-300 text-ink-900'
          : 'bg-ink-100 text-ink-800 dark:bg-ink-800 dark:text-ink-100',
      )}
    >
      {children}
    </span>
  )
}
