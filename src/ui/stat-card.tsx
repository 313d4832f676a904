import { type ReactNode, useId } from 'react'
import { cn } from './cn'

type StatCardProps = { label: string; value: ReactNode; icon?: ReactNode; className?: string }

/**
 * A labelled figure; the group's name is the label, so it can be found by it.
 * On a phone it is one line (label left, figure right) so large figures keep
 * their width; from `sm` up the figure sits under the label.
 */
export function StatCard({ label, value, icon, className }: StatCardProps) {
  const id = useId()
  return (
    <div
      role="group"
      aria-labelledby={id}
      className={cn(
        'flex min-w-0 items-baseline justify-between gap-3 rounded-xl border border-ink-100 bg-white px-4 py-3 sm:block sm:p-5 dark:border-ink-800 dark:bg-ink-900',
        className,
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <p id={id} className="text-sm font-medium text-ink-600 dark:text-ink-300">
          {label}
        </p>
        {icon ? (
          <span aria-hidden className="hidden text-ink-400 sm:block dark:text-brass-300">
            {icon}
          </span>
        ) : null}
      </div>
      {/* Large sums break rather than spill out of a narrow card. */}
      <p className="text-xl font-semibold tabular-nums [overflow-wrap:anywhere] sm:mt-1 sm:text-2xl">
        {value}
      </p>
    </div>
  )
}
