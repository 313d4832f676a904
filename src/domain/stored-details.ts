import type { CalendarDay, LetterDetails } from './letter-details'
import { asksForReply, detailsForType } from './letter-details'
import type { LetterType } from './letter-types'
import type { ReplyState } from './reply-tracking'

/**
 * What a letter stores of its guided answers and reply tracking (decision 030),
 * the same on the device and on the server, so both keep the same row.
 */

const isEmptySection = (value: unknown) =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length === 0

/**
 * The answers a letter of `type` keeps: its own section only (detailsForType),
 * without sections left empty; undefined when nothing was answered, so a
 * letter without answers looks as letters written before the questions did.
 */
export function storedDetails(
  type: LetterType,
  details: LetterDetails | null | undefined,
): LetterDetails | undefined {
  if (!details) return undefined
  const kept = Object.fromEntries(
    Object.entries(detailsForType(type, details)).filter(
      ([, value]) => value !== undefined && !isEmptySection(value),
    ),
  ) satisfies LetterDetails
  return Object.keys(kept).length === 0 ? undefined : kept
}

/** A reply-by day is kept only by a letter that asks something of its reader. */
export function storedReplyBy(
  type: string,
  replyBy: CalendarDay | null | undefined,
): CalendarDay | undefined {
  return asksForReply(type) && replyBy ? replyBy : undefined
}

/** Reply tracking stays with a letter only while its type asks for a reply. */
export function storedReplyState(
  type: string,
  state: ReplyState | null | undefined,
): ReplyState | undefined {
  return asksForReply(type) && state ? state : undefined
}

/** What a person is told when they track the reply to a letter that asks for none. */
export const NO_REPLY_ASKED =
  'Only a demand letter, cease and desist, legal notice or business letter asks for a reply, so only those track one.'
