import { REPLY_WITHIN_DEFAULT, REPLY_WITHIN_MAX, REPLY_WITHIN_MIN } from '@/domain/letter-details'

/** Whole days as typed, when they are a valid answer; the warnings look only at those. */
export function daysOf(text: string): number | undefined {
  const trimmed = text.trim()
  if (!/^\d+$/.test(trimmed)) return undefined
  const days = Number(trimmed)
  return days >= REPLY_WITHIN_MIN && days <= REPLY_WITHIN_MAX ? days : undefined
}

/** Reply Within as typed: an empty answer means the seed's 30 days. */
export const replyWithinOf = (text: string): number | undefined =>
  text.trim() === '' ? REPLY_WITHIN_DEFAULT : daysOf(text)
