import { describe, expect, it } from 'vitest'
import {
  calendarDayOf,
  dateOfDay,
  daysBetween,
  replyByFor,
  replyDue,
  replyDueLabel,
} from './reply-tracking'

const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h)

describe('reply-by days', () => {
  it('counts Reply Within from the letter’s own calendar day, 30 by default', () => {
    expect(replyByFor('Demand Letter', undefined, at(2026, 11, 26))).toBe('2026-12-26')
    expect(replyByFor('Business Letter', { replyWithinDays: 14 }, at(2026, 11, 26, 23))).toBe(
      '2026-12-10',
    )
  })

  it('gives no reply-by day to the types that ask nothing of their reader', () => {
    expect(replyByFor('Recommendation Letter', { replyWithinDays: 14 }, at(2026, 1, 1))).toBe(
      undefined,
    )
    expect(replyByFor('Corporate Document', undefined, at(2026, 1, 1))).toBe(undefined)
  })

  it('keeps whole calendar days across a daylight saving change and a leap day', () => {
    expect(replyByFor('Legal Notice', { replyWithinDays: 1 }, at(2026, 3, 7, 23))).toBe(
      '2026-03-08',
    )
    expect(replyByFor('Legal Notice', { replyWithinDays: 2 }, at(2028, 2, 28))).toBe('2028-03-01')
    expect(daysBetween('2026-03-01', '2026-04-01')).toBe(31)
    expect(daysBetween('2026-11-01', '2026-10-25')).toBe(-7)
  })

  it('reads and writes calendar days in the local calendar', () => {
    expect(calendarDayOf(at(2026, 1, 5, 0))).toBe('2026-01-05')
    expect(calendarDayOf(dateOfDay('2027-12-31'))).toBe('2027-12-31')
  })
})

describe('what My Letters says of a reply', () => {
  const today = at(2026, 11, 26, 9)
  it.each([
    ['2026-11-27', 'Reply due in 1 day'],
    ['2026-12-26', 'Reply due in 30 days'],
    ['2026-11-26', 'Due today'],
    ['2026-11-25', 'Overdue'],
    ['2025-11-26', 'Overdue'],
  ])('%s → %s', (day, label) => {
    expect(replyDueLabel(replyDue(day, today))).toBe(label)
  })

  it('counts overdue days', () => {
    expect(replyDue('2026-11-20', today)).toEqual({ kind: 'overdue', days: 6 })
  })
})
