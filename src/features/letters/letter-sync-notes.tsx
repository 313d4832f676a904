import { CloudOff, History } from 'lucide-react'
import { useId, useState } from 'react'
import { useRepository } from '@/data/repository-context'
import { isAppError } from '@/domain/errors'
import type { Letter, SyncIssue } from '@/domain/types'
import { formatDateTime } from '@/lib/format-date'
import { Button } from '@/ui/button'

export const EDITED_ELSEWHERE =
  'This letter was also edited on another device. The text it replaced is kept in Previous versions.'

/** The server kept both devices' texts; this one is current, the other a previous version. */
export function EditedElsewhereNote({ at }: { at: string }) {
  return (
    <div
      role="note"
      className="flex gap-3 rounded-lg border border-ink-200 bg-ink-50 px-4 py-3 text-sm text-ink-800 dark:border-ink-700 dark:bg-ink-900 dark:text-ink-100"
    >
      <History aria-hidden className="mt-0.5 size-4 shrink-0" />
      <p>
        {EDITED_ELSEWHERE}{' '}
        <span className="text-ink-600 dark:text-ink-300">
          Noticed <time dateTime={at}>{formatDateTime(at)}</time>.
        </span>
      </p>
    </div>
  )
}

type SyncIssueNoticeProps = {
  letter: Letter & { syncIssue: SyncIssue }
  /** Opens the text editor with the kept text; absent when the letter cannot be edited now. */
  onUseText?: (text: string) => void
}

/** A change of this letter the server refused, with what the person wrote, so nothing is lost. */
export function SyncIssueNotice({ letter, onUseText }: SyncIssueNoticeProps) {
  const { sync } = useRepository()
  const keptId = useId()
  const [error, setError] = useState<string | null>(null)
  const { message, content } = letter.syncIssue

  async function dismiss() {
    setError(null)
    try {
      await sync.dismissIssue(letter.id)
    } catch (cause) {
      setError(
        isAppError(cause) ? cause.message : 'The note could not be dismissed. Please try again.',
      )
    }
  }

  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <p className="flex gap-3 font-semibold">
        <CloudOff aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>This change was not saved to your account: {message}</span>
      </p>
      {content === undefined ? null : (
        <>
          <p id={keptId}>What you wrote is kept here, on this device:</p>
          <textarea
            readOnly
            aria-labelledby={keptId}
            value={content}
            rows={8}
            className="max-h-64 w-full resize-y overflow-auto rounded-md border border-red-200 bg-white p-3 font-serif text-ink-900 dark:border-red-900 dark:bg-ink-950 dark:text-ink-50"
          />
        </>
      )}
      {error ? <p>{error}</p> : null}
      <div className="flex flex-wrap gap-2">
        {content !== undefined && onUseText ? (
          <Button onClick={() => onUseText(content)}>Use this text</Button>
        ) : null}
        <Button variant="secondary" onClick={() => void dismiss()}>
          Dismiss
        </Button>
      </div>
    </div>
  )
}
