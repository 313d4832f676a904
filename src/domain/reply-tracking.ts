import { addCalendarDays } from './letter-dates'
import {
  asksForReply,
  type CalendarDay,
  type LetterDetails,
  replyWithinDays,
} from './letter-details'

/**
 * A letter that asks something of its reader has one reply-by day, and its
 * sender tracks it: awaiting the reply, reply received, or resolved.
 */
export const REPLY_STATES = ['awaiting', 'received', 'resolved'] as const
export type ReplyState = (typeof REPLY_STATES)[number]

const pad = (n: number) => String(n).padStart(2, '0')

/** The writer's own calendar day of `date`, `2026-11-26`. */
export function calendarDayOf(date: Date): CalendarDay {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** Local midnight of a calendar day. */
export function dateOfDay(day: CalendarDay): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(y, m - 1, d)
}

/** The reply-by day of a letter dated `letterDate`, or undefined for types that ask nothing back. */
export function replyByFor(
  type: string,
  details: LetterDetails | undefined,
  letterDate: Date,
): CalendarDay | undefined {
  if (!asksForReply(type)) return undefined
  return calendarDayOf(addCalendarDays(letterDate, replyWithinDays(details)))
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDay, to: CalendarDay): number {
  const a = dateOfDay(from)
  const b = dateOfDay(to)
  return Math.round(
    (Date.UTC(b.getFullYear(), b.getMonth(), b.getDate()) -
      Date.UTC(a.getFullYear(), a.getMonth(), a.getDate())) /
      86_400_000,
  )
}

export type ReplyDue =
  { kind: 'due'; days: number } | { kind: 'today' } | { kind: 'overdue'; days: number }

export function replyDue(replyBy: CalendarDay, today: Date): ReplyDue {
  const left = daysBetween(calendarDayOf(today), replyBy)
  if (left > 0) return { kind: 'due', days: left }
  if (left === 0) return { kind: 'today' }
  return { kind: 'overdue', days: -left }
}

/** What My Letters says of a letter still awaiting its reply. */
export function replyDueLabel(due: ReplyDue): string {
  if (due.kind === 'today') return 'Due today'
  if (due.kind === 'overdue') return 'Overdue'
  return `Reply due in ${due.days} ${due.days === 1 ? 'day' : 'days'}`
}
