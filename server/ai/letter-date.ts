import { AppError } from '@/domain/errors'
import { addCalendarDays } from '@/domain/letter-dates'
import { type CalendarDay, replyWithinDays } from '@/domain/letter-details'
import { keptDetails } from '@/domain/letter-writing/request'
import { calendarDayOf } from '@/domain/reply-tracking'
import type { LetterSource } from './letter-source'

/**
 * The date the server writes on a letter, as the device would (decision 031).
 * Letters are dated by the writer's calendar (src/domain/letter-dates.ts reads
 * a Date's local day), and the server does not know the writer's time zone, so:
 * - the device may send its calendar day as `letterDate`;
 * - without one, a letter that asks for a reply is dated Reply Within days
 *   before the reply-by day the device stored with it (decision 030), which it
 *   counted from the day it dated the letter, so the text states that same day;
 * - anything else is dated by the UTC day it was created.
 *
 * A day is accepted from the letter's creation day somewhere on Earth (UTC-12)
 * to today somewhere on Earth (UTC+14): a letter written again later may carry
 * that day's date, as the device dates it, but none is dated before it existed
 * or in the future.
 */

const HOUR_MS = 3_600_000

const utcDay = (at: Date) => at.toISOString().slice(0, 10)

/** Noon of `day` in this process's time zone, so every local getter reads that day. */
function localNoon(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  return new Date(year, month - 1, date, 12)
}

/** The days a letter may be dated: [earliest, latest], as `YYYY-MM-DD`. */
function allowedDays(createdAt: Date, now: Date): [string, string] {
  return [
    utcDay(new Date(createdAt.getTime() - 12 * HOUR_MS)),
    utcDay(new Date(Math.max(now.getTime(), createdAt.getTime()) + 14 * HOUR_MS)),
  ]
}

/** Whether `day` is a real calendar day (not 2026-02-30) in [earliest, latest]. */
function isAllowed(day: string, [earliest, latest]: [string, string]): boolean {
  return calendarDayOf(localNoon(day)) === day && day >= earliest && day <= latest
}

/** The day the device dated the letter, read back from the reply-by day it counted from it. */
function dayBeforeReplyBy(letter: LetterSource, replyBy: CalendarDay): string {
  const within = replyWithinDays(keptDetails(letter.request))
  return calendarDayOf(addCalendarDays(localNoon(replyBy), -within))
}

export function letterDate(letter: LetterSource, now: Date, given: string | undefined): Date {
  const allowed = allowedDays(letter.createdAt, now)
  if (given === undefined) {
    const fromReplyBy = letter.replyBy && dayBeforeReplyBy(letter, letter.replyBy)
    return localNoon(
      fromReplyBy && isAllowed(fromReplyBy, allowed) ? fromReplyBy : utcDay(letter.createdAt),
    )
  }
  if (!isAllowed(given, allowed)) {
    throw new AppError(
      'INVALID_INPUT',
      `letterDate must be a day from ${allowed[0]} to ${allowed[1]}: the day this letter was written or a later one, up to today.`,
    )
  }
  return localNoon(given)
}
