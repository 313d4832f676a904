import { afterEach, describe, expect, it } from 'vitest'
import { addCalendarDays, formatLetterDate, RESPONSE_DAYS, responseDeadline } from './letter-dates'

const local = (year: number, monthIndex: number, day: number, hour = 12) =>
  new Date(year, monthIndex, day, hour)

describe('formatLetterDate', () => {
  it('spells the date out', () => {
    expect(formatLetterDate(local(2026, 10, 22))).toBe('November 22, 2026')
    expect(formatLetterDate(local(2027, 0, 9))).toBe('January 9, 2027')
  })

  it('refuses an invalid date', () => {
    expect(() => formatLetterDate(new Date(Number.NaN))).toThrow(RangeError)
  })
})

describe('responseDeadline', () => {
  const cases: [Date, string][] = [
    [local(2026, 10, 22), 'December 22, 2026'],
    [local(2026, 0, 15), 'February 14, 2026'],
    [local(2026, 11, 10), 'January 9, 2027'],
    [local(2028, 0, 30), 'February 29, 2028'],
    [local(2028, 1, 29), 'March 30, 2028'],
    [local(2027, 0, 30), 'March 1, 2027'],
  ]

  it.each(cases)('counts %s forward to %s', (from, expected) => {
    expect(formatLetterDate(responseDeadline(from))).toBe(expected)
  })

  it('is thirty calendar days', () => {
    expect(RESPONSE_DAYS).toBe(30)
  })

  it('does not change its input', () => {
    const from = local(2026, 10, 22)
    responseDeadline(from)
    expect(formatLetterDate(from)).toBe('November 22, 2026')
  })
})

describe('local calendar day', () => {
  const originalTz = process.env.TZ
  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ
    else process.env.TZ = originalTz
  })

  it.each(['Pacific/Kiritimati', 'America/New_York', 'Pacific/Pago_Pago', 'UTC'])(
    'dates a letter written late in the evening by the local day in %s',
    (zone) => {
      process.env.TZ = zone
      const lateEvening = new Date(2026, 10, 22, 23, 30)
      const earlyMorning = new Date(2026, 10, 22, 0, 15)
      expect(formatLetterDate(lateEvening)).toBe('November 22, 2026')
      expect(formatLetterDate(earlyMorning)).toBe('November 22, 2026')
      expect(formatLetterDate(responseDeadline(lateEvening))).toBe('December 22, 2026')
    },
  )

  it('reads the local day, not the UTC day, of the same instant', () => {
    process.env.TZ = 'America/New_York'
    // 03:30 UTC on November 23 is still the evening of November 22 in New York.
    const instant = new Date('2026-11-23T03:30:00Z')
    expect(formatLetterDate(instant)).toBe('November 22, 2026')
    process.env.TZ = 'Asia/Tokyo'
    expect(formatLetterDate(instant)).toBe('November 23, 2026')
  })

  it('keeps whole days across a daylight saving change', () => {
    process.env.TZ = 'America/New_York'
    // Clocks go forward on March 8, 2026 and back on November 1, 2026.
    expect(formatLetterDate(addCalendarDays(new Date(2026, 2, 1, 0, 30), 30))).toBe(
      'March 31, 2026',
    )
    expect(formatLetterDate(addCalendarDays(new Date(2026, 9, 15, 23, 30), 30))).toBe(
      'November 14, 2026',
    )
  })
})

describe('addCalendarDays', () => {
  it('refuses fractional days', () => {
    expect(() => addCalendarDays(local(2026, 0, 1), 1.5)).toThrow(RangeError)
  })
})
