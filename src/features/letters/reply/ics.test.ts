import { describe, expect, it } from 'vitest'
import { escapeText, foldLine, icsFileName, nextDay, replyReminderIcs } from './ics'
import { parseIcs, physicalLines, propertyOf, unescapeText } from './ics-test-parser'

const REMINDER = {
  letterId: '6f1c2a4e-8b1d-4f7a-9c3e-2d5b7a9e1f00',
  matter: 'Unpaid invoice #1843',
  recipientName: 'Charles Babbage',
  reference: 'INV-1843',
  replyBy: '2026-12-22',
}
const NOW = new Date('2026-11-22T17:05:09Z')

const octets = (line: string) => new TextEncoder().encode(line).length

describe('replyReminderIcs', () => {
  const calendar = parseIcs(replyReminderIcs(REMINDER, NOW))
  const [event, ...otherEvents] = calendar.children

  it('is one published Gregorian calendar of version 2.0', () => {
    expect(calendar.name).toBe('VCALENDAR')
    expect(propertyOf(calendar, 'VERSION').value).toBe('2.0')
    expect(propertyOf(calendar, 'PRODID').value).toBe('-//Letterhead//Reply tracking//EN')
    expect(propertyOf(calendar, 'CALSCALE').value).toBe('GREGORIAN')
    expect(propertyOf(calendar, 'METHOD').value).toBe('PUBLISH')
    expect(otherEvents).toEqual([])
  })

  it('holds one all-day event on the reply-by day, named for the letter', () => {
    if (!event) throw new Error('no VEVENT')
    expect(event.name).toBe('VEVENT')
    expect(propertyOf(event, 'UID').value).toBe(`${REMINDER.letterId}@letterhead`)
    expect(propertyOf(event, 'DTSTAMP').value).toBe('20261122T170509Z')
    expect(propertyOf(event, 'DTSTART')).toEqual({
      name: 'DTSTART',
      params: { VALUE: 'DATE' },
      value: '20261222',
    })
    expect(propertyOf(event, 'DTEND')).toEqual({
      name: 'DTEND',
      params: { VALUE: 'DATE' },
      value: '20261223',
    })
    expect(propertyOf(event, 'SUMMARY').value).toBe('Reply due: Unpaid invoice #1843')
    expect(unescapeText(propertyOf(event, 'DESCRIPTION').value)).toBe(
      'Letter to Charles Babbage\nReference: INV-1843',
    )
  })

  it('reminds the day before with a display alarm', () => {
    const [alarm, ...more] = event?.children ?? []
    expect(more).toEqual([])
    if (!alarm) throw new Error('no VALARM')
    expect(alarm.name).toBe('VALARM')
    expect(propertyOf(alarm, 'ACTION').value).toBe('DISPLAY')
    expect(propertyOf(alarm, 'TRIGGER').value).toBe('-P1D')
    expect(propertyOf(alarm, 'DESCRIPTION').value).toBe('Reply due: Unpaid invoice #1843')
  })

  it('leaves the reference out when the letter has none', () => {
    const withoutReference = parseIcs(replyReminderIcs({ ...REMINDER, reference: undefined }, NOW))
    const [onlyEvent] = withoutReference.children
    if (!onlyEvent) throw new Error('no VEVENT')
    expect(propertyOf(onlyEvent, 'DESCRIPTION').value).toBe('Letter to Charles Babbage')
  })

  it('writes every line with CRLF', () => {
    const ics = replyReminderIcs(REMINDER, NOW)
    expect(ics.split('\r\n').length - 1).toBe(ics.split('\n').length - 1)
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true)
  })
})

describe('escapeText', () => {
  it('escapes backslash, semicolon, comma and line breaks', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng')
  })

  it('drops control characters TEXT may not hold, and keeps a tab', () => {
    expect(escapeText('a\u0000b\u0007c\td\u007f')).toBe('abc\td')
  })
})

describe('foldLine', () => {
  it('leaves a line of 75 octets whole and folds one of 76', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75))
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`)
  })

  it('counts octets, not characters, and never splits a character', () => {
    // 'é' is two octets: 37 of them and one 'x' make 75; the next 'é' goes to the next line.
    const folded = foldLine(`x${'é'.repeat(38)}`)
    const lines = physicalLines(`${folded}\r\n`)
    expect(lines).toEqual([`x${'é'.repeat(37)}`, ' é'])
    expect(lines.map(octets)).toEqual([75, 3])
  })

  it('keeps an emoji of four octets together across a fold', () => {
    // 8 + 63 + 4 octets fill the line; the second emoji would make 79.
    const folded = foldLine(`SUMMARY:${'a'.repeat(63)}😀😀`)
    const lines = physicalLines(`${folded}\r\n`)
    expect(lines).toEqual([`SUMMARY:${'a'.repeat(63)}😀`, ' 😀'])
    expect(Math.max(...lines.map(octets))).toBeLessThanOrEqual(75)
  })
})

describe('dates', () => {
  it('ends an all-day event on the next day, across months, years and leap days', () => {
    expect(nextDay('2026-11-30')).toBe('2026-12-01')
    expect(nextDay('2026-12-31')).toBe('2027-01-01')
    expect(nextDay('2028-02-28')).toBe('2028-02-29')
    expect(nextDay('2027-02-28')).toBe('2027-03-01')
  })

  it('names the file for the reply-by day', () => {
    expect(icsFileName('2026-12-22')).toBe('reply-due-2026-12-22.ics')
  })
})
