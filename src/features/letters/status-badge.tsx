import type { LetterStatus } from '@/domain/types'
import { cn } from '@/ui/cn'

const LABELS: Record<LetterStatus, string> = {
  completed: 'Ready',
  generating: 'Generating...',
  failed: 'Failed',
}

const TONES: Record<LetterStatus, string> = {
  completed: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
  generating: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  failed: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100',
}

export function StatusBadge({ status }: { status: LetterStatus }) {
  return (
    <span
      className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold', TONES[status])}
    >
      {LABELS[status]}
    </span>
  )
}
