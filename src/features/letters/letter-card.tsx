import { Link } from '@tanstack/react-router'
import { CloudOff, RotateCcw } from 'lucide-react'
import type { Letter } from '@/domain/types'
import { formatDateTime } from '@/lib/format-date'
import { Button, buttonClass } from '@/ui/button'
import { DownloadMenu } from './download-menu'
import { letterExcerpt } from './letter-excerpt'
import { FollowUpLink } from './reply/follow-up-link'
import { ReplyBadge } from './reply/reply-badge'
import { offersFollowUp, replyStatusOf } from './reply/reply-status'
import { StatusBadge } from './status-badge'

type LetterCardProps = {
  letter: Letter
  onRetry: (letter: Letter) => void
  /** The day reply deadlines are counted from; My Letters renews it at midnight. */
  today?: Date
}

export function LetterCard({ letter, onRetry, today = new Date() }: LetterCardProps) {
  const headingId = `letter-${letter.id}-matter`
  const reply = replyStatusOf(letter, today)
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border border-ink-100 bg-white p-4 sm:p-5 dark:border-ink-800 dark:bg-ink-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="truncate text-lg font-semibold">
            {letter.matter}
          </h2>
          <p className="text-sm text-ink-600 dark:text-ink-300">
            {/* In a bdi, a right-to-left name or direction mark cannot reorder what follows. */}
            To <bdi>{letter.recipientName}</bdi> · {letter.type} ·{' '}
            <time dateTime={letter.createdAt}>{formatDateTime(letter.createdAt)}</time>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {letter.syncIssue ? (
            <span
              title="The server refused a change to this letter. What you wrote is kept on the letter."
              className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900 dark:bg-red-900 dark:text-red-100"
            >
              <CloudOff aria-hidden className="size-3.5" />
              Not saved to your account
            </span>
          ) : null}
          <StatusBadge status={letter.status} />
          {reply ? <ReplyBadge status={reply} /> : null}
        </div>
      </div>
      {letter.status === 'completed' ? (
        <p className="line-clamp-3 whitespace-pre-line font-serif text-sm text-ink-700 dark:text-ink-200">
          {letterExcerpt(letter.content)}
        </p>
      ) : letter.status === 'failed' ? (
        <p className="text-sm text-red-800 dark:text-red-200">
          This letter could not be written{letter.error ? `: ${letter.error}` : '.'}
        </p>
      ) : (
        <p className="text-sm text-ink-500 dark:text-ink-300">Your letter is being written…</p>
      )}
      <div className="flex flex-wrap gap-2">
        {letter.status === 'completed' ? (
          <>
            <Link
              to="/app/letters/$letterId"
              params={{ letterId: letter.id }}
              className={buttonClass('primary')}
            >
              Open
            </Link>
            <DownloadMenu letter={letter} />
            {offersFollowUp(letter, today) ? <FollowUpLink letterId={letter.id} /> : null}
          </>
        ) : null}
        {letter.status === 'failed' ? (
          <Button variant="secondary" onClick={() => onRetry(letter)}>
            <RotateCcw aria-hidden className="size-4" />
            Retry
          </Button>
        ) : null}
      </div>
    </article>
  )
}
