import { CalendarPlus, Check } from 'lucide-react'
import { useRef } from 'react'
import { toast } from 'sonner'
import { useRepository } from '@/data/repository-context'
import { isAppError } from '@/domain/errors'
import { formatDay } from '@/domain/letter-format'
import type { ReplyState } from '@/domain/reply-tracking'
import type { Letter } from '@/domain/types'
import { Button } from '@/ui/button'
import { downloadReplyReminder } from './add-to-calendar'
import { FollowUpLink } from './follow-up-link'
import { ReplyBadge } from './reply-badge'
import { offersFollowUp, type ReplyStatus } from './reply-status'

const SAYS: Record<ReplyStatus['state'], string> = {
  awaiting: 'Awaiting reply',
  received: 'You have the reply. Mark it Resolved once the matter is settled.',
  resolved: 'The matter is settled.',
}

/** A pressed toggle is filled, and ticked, so it does not rely on colour alone. */
const PRESSED =
  'aria-pressed:border-ink-800 aria-pressed:bg-ink-800 aria-pressed:text-paper aria-pressed:hover:bg-ink-700 dark:aria-pressed:border-brass-300 dark:aria-pressed:bg-brass-300 dark:aria-pressed:text-ink-950 dark:aria-pressed:hover:bg-brass-400'

type Props = { letter: Letter; status: ReplyStatus; today: Date }

/**
 * The letter's reply-by day and where the reply stands. Reply received and
 * Resolved are toggles: pressing the pressed one goes back to awaiting.
 */
export function ReplyTrackingSection({ letter, status, today }: Props) {
  const repository = useRepository()
  // Not `disabled`: a disabled button drops keyboard focus. A press while one is saving is ignored.
  const saving = useRef(false)

  async function mark(pressed: ReplyState) {
    if (saving.current) return
    saving.current = true
    try {
      // The page reads the letter live, so the new state shows once it is stored.
      await repository.letters.setReplyState(
        letter.id,
        status.state === pressed ? 'awaiting' : pressed,
      )
    } catch (error) {
      toast.error(
        isAppError(error) ? error.message : 'The reply could not be recorded. Please try again.',
      )
    } finally {
      saving.current = false
    }
  }

  function addToCalendar() {
    try {
      downloadReplyReminder({ ...letter, replyBy: status.replyBy })
      toast.success('Calendar file downloaded.')
    } catch {
      toast.error('The calendar file could not be made. Please try again.')
    }
  }

  return (
    <section
      aria-labelledby="reply-tracking-heading"
      className="flex flex-col gap-3 rounded-lg border border-ink-100 bg-white p-4 sm:p-5 dark:border-ink-800 dark:bg-ink-900"
    >
      <h2 id="reply-tracking-heading" className="text-lg font-semibold">
        Reply tracking
      </h2>
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
        <dt className="text-ink-600 dark:text-ink-300">Reply by</dt>
        <dd>
          <time dateTime={status.replyBy}>{formatDay(status.replyBy)}</time>
        </dd>
        <dt className="text-ink-600 dark:text-ink-300">Status</dt>
        {/* Read out when a button changes it, since the buttons themselves stay put. */}
        <dd aria-live="polite" className="flex flex-wrap items-center gap-2">
          <ReplyBadge status={status} />
          <span>{SAYS[status.state]}</span>
        </dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          aria-pressed={status.state === 'received'}
          onClick={() => void mark('received')}
          className={PRESSED}
        >
          {status.state === 'received' ? <Check aria-hidden className="size-4" /> : null}
          Reply received
        </Button>
        <Button
          variant="secondary"
          aria-pressed={status.state === 'resolved'}
          onClick={() => void mark('resolved')}
          className={PRESSED}
        >
          {status.state === 'resolved' ? <Check aria-hidden className="size-4" /> : null}
          Resolved
        </Button>
        <Button variant="secondary" onClick={addToCalendar}>
          <CalendarPlus aria-hidden className="size-4" />
          Add to calendar
        </Button>
        {offersFollowUp(letter, today) ? <FollowUpLink letterId={letter.id} /> : null}
      </div>
    </section>
  )
}
