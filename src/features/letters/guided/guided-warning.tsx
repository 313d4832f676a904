import { TriangleAlert } from 'lucide-react'
import type { ReactNode } from 'react'

/** A caution about the answers, not an error: the letter can still be written. */
export function GuidedWarning({ children }: { children: ReactNode }) {
  return (
    <div
      role="note"
      className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="flex flex-col gap-1">{children}</div>
    </div>
  )
}
