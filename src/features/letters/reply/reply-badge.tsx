import { CircleCheck, Clock, type LucideIcon, MailCheck, TriangleAlert } from 'lucide-react'
import { cn } from '@/ui/cn'
import { type ReplyStatus, replyStatusLabel } from './reply-status'

type Look = { tone: string; Icon: LucideIcon }

/** The words say where the reply stands; colour and icon only repeat it. */
function lookOf(status: ReplyStatus): Look {
  if (status.state === 'received')
    return { tone: 'bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100', Icon: MailCheck }
  if (status.state === 'resolved')
    return {
      tone: 'bg-ink-100 text-ink-800 dark:bg-ink-800 dark:text-ink-100',
      Icon: CircleCheck,
    }
  if (status.due.kind === 'overdue')
    // Solid and dark enough for white text (and the reverse in the dark theme): at least 4.5:1.
    return { tone: 'bg-red-700 text-white dark:bg-red-300 dark:text-red-950', Icon: TriangleAlert }
  if (status.due.kind === 'today')
    return {
      tone: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
      Icon: Clock,
    }
  return {
    tone: 'border border-ink-200 text-ink-700 dark:border-ink-600 dark:text-ink-200',
    Icon: Clock,
  }
}

export function ReplyBadge({ status }: { status: ReplyStatus }) {
  const { tone, Icon } = lookOf(status)
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        tone,
      )}
    >
      <Icon aria-hidden className="size-3.5" />
      {replyStatusLabel(status)}
    </span>
  )
}
