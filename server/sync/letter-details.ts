import type { CalendarDay, LetterDetails } from '@/domain/letter-details'
import type { LetterType } from '@/domain/letter-types'
import type { ReplyState } from '@/domain/reply-tracking'
import { storedDetails, storedReplyBy, storedReplyState } from '@/domain/stored-details'

/**
 * A letter's guided answers and reply tracking as its row stores them
 * (decision 030), by the same rules as the device (src/domain/stored-details.ts):
 * only the type's own answers, and a reply-by day and its state only for a type
 * that asks for a reply. The day is the device's: it was counted in the
 * writer's time zone, which the server does not know.
 */
export type ReplyColumns = {
  details: LetterDetails | null
  replyBy: CalendarDay | null
  replyState: ReplyState | null
}

type Answered = {
  type: LetterType
  details?: LetterDetails | null | undefined
  replyBy?: CalendarDay | null | undefined
  replyState?: ReplyState | null | undefined
}

/** The columns for a letter of `type` with these answers, day and state. */
export function replyColumns({ type, details, replyBy, replyState }: Answered): ReplyColumns {
  const kept = storedDetails(type, details)
  return {
    details: kept ?? null,
    replyBy: storedReplyBy(type, replyBy) ?? null,
    replyState: storedReplyState(type, replyState) ?? null,
  }
}
