import { describe, expect, it } from 'vitest'
import { AppError } from '@/domain/errors'
import { formatLetterDate } from '@/domain/letter-dates'
import type { CalendarDay } from '@/domain/letter-details'
import type { LetterRequest } from '@/domain/letter-writing/request'
import { letterDate } from './letter-date'
import type { LetterSource } from './letter-source'

const REQUEST: LetterRequest = {
  type: 'Demand Letter',
  senderName: 'Ada Sender',
  senderAddress: '1 Main Street',
  recipientName: 'Bob Recipient',
  recipientAddress: '2 High Street',
  matter: 'Unpaid invoice',
  resolution: 'Pay it.',
}

function letter(
  createdAt: string,
  replyBy?: CalendarDay,
  request: LetterRequest = REQUEST,
): LetterSource {
  return { request, createdAt: new Date(createdAt), replyBy }
}

const written = '2026-11-25T03:30:00.000Z'
const now = new Date('2026-11-27T10:00:00.000Z')
const dated = (source: LetterSource, given?: string, at = now) =>
  formatLetterDate(letterDate(source, at, given))

function refusal(source: LetterSource, given: string): AppError {
  try {
    letterDate(source, now, given)
  } catch (error) {
    expect(error).toBeInstanceOf(AppError)
    return error as AppError
  }
  throw new Error(`${given} was accepted`)
}

describe('letterDate', () => {
  it('dates a letter by the UTC day it was created when nothing says otherwise', () => {
    expect(dated(letter(written))).toBe('November 25, 2026')
  })

  it('writes the device’s own calendar day, whatever the server’s time zone', () => {
    // 03:30 UTC is still November 24 in New York: the device dates it so.
    expect(dated(letter(written), '2026-11-24')).toBe('November 24, 2026')
    expect(dated(letter(written), '2026-11-25')).toBe('November 25, 2026')
  })

  it('without a day sent, reads the device’s day back from the reply-by day it counted from it', () => {
    // Written in New York on the evening of November 24: reply by 30 days later.
    expect(dated(letter(written, '2026-12-24'))).toBe('November 24, 2026')
    const tenDays = { ...REQUEST, details: { replyWithinDays: 10 } }
    expect(dated(letter(written, '2026-12-04', tenDays))).toBe('November 24, 2026')
    // A reply-by day that cannot come from this letter's date is not trusted.
    expect(dated(letter(written, '2027-03-01'))).toBe('November 25, 2026')
  })

  it('takes today for a letter written again days later, as the device dates it', () => {
    expect(dated(letter(written), '2026-11-27')).toBe('November 27, 2026')
    // Already the 28th east of UTC.
    expect(dated(letter(written), '2026-11-28')).toBe('November 28, 2026')
  })

  it('refuses a day before the letter existed anywhere, or after today anywhere', () => {
    for (const day of ['2026-11-23', '2026-11-29', '2027-11-25']) {
      const error = refusal(letter(written), day)
      expect(error.code).toBe('INVALID_INPUT')
      expect(error.message).toBe(
        'letterDate must be a day from 2026-11-24 to 2026-11-28: the day this letter was written or a later one, up to today.',
      )
    }
  })

  it('refuses a day that is not in the calendar, though it sorts between two that are', () => {
    const lateNovember = letter('2026-11-30T12:00:00.000Z')
    const early = new Date('2026-12-02T12:00:00.000Z')
    expect(() => letterDate(lateNovember, early, '2026-11-31')).toThrow(
      /^letterDate must be a day from 2026-11-30 to 2026-12-03/,
    )
    expect(dated(lateNovember, '2026-12-01', early)).toBe('December 1, 2026')
  })
})
