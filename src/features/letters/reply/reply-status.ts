import type { CalendarDay } from '@/domain/letter-details'
import { asksForReply } from '@/domain/letter-details'
import { type ReplyDue, replyDue, replyDueLabel, type ReplyState } from '@/domain/reply-tracking'
import type { Letter } from '@/domain/types'

/** Where the reply to a sent letter stands, as My Letters and the letter's page show it. */
export type ReplyStatus =
  | { state: 'awaiting'; replyBy: CalendarDay; due: ReplyDue }
  | { state: 'received'; replyBy: CalendarDay }
  | { state: 'resolved'; replyBy: CalendarDay }

type Tracked = Pick<Letter, 'type' | 'status' | 'replyBy' | 'replyState'>

/**
 * A letter is tracked once it is written, when its type asks for a reply and
 * it has a reply-by day. Recommendation letters, corporate documents and
 * letters written before reply tracking are not.
 */
export function replyStatusOf(letter: Tracked, today: Date): ReplyStatus | null {
  if (letter.status !== 'completed' || !letter.replyBy || !asksForReply(letter.type)) return null
  const state: ReplyState = letter.replyState ?? 'awaiting'
  if (state === 'received' || state === 'resolved') return { state, replyBy: letter.replyBy }
  return { state, replyBy: letter.replyBy, due: replyDue(letter.replyBy, today) }
}

export function replyStatusLabel(status: ReplyStatus): string {
  if (status.state === 'received') return 'Reply received'
  if (status.state === 'resolved') return 'Resolved'
  return replyDueLabel(status.due)
}

/** An unanswered demand past its day: the next step is a firmer follow-up letter. */
export function offersFollowUp(letter: Tracked, today: Date): boolean {
  const status = replyStatusOf(letter, today)
  return (
    letter.type === 'Demand Letter' && status?.state === 'awaiting' && status.due.kind === 'overdue'
  )
}
