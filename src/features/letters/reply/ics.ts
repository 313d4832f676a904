import type { CalendarDay } from '@/domain/letter-details'

/**
 * An iCalendar file (RFC 5545) holding one all-day event on a letter's
 * reply-by day, with a reminder the day before, so the deadline sits in the
 * sender's own calendar. Pure: the caller gives the time it is written.
 */
export type ReplyReminder = {
  letterId: string
  matter: string
  recipientName: string
  reference?: string
  replyBy: CalendarDay
}

const CRLF = '\r\n'
/** RFC 5545 §3.1: a content line is at most 75 octets, not counting its CRLF. */
export const MAX_LINE_OCTETS = 75

const utf8 = new TextEncoder()

/** C0 controls and DEL, except the tab and the line feed (escaped below). */
const isControl = (character: string) => {
  const code = character.charCodeAt(0)
  return (code < 0x20 && character !== '\t' && character !== '\n') || code === 0x7f
}

const withoutControls = (value: string) =>
  [...value].filter((character) => !isControl(character)).join('')

/**
 * TEXT values (RFC 5545 §3.3.11): backslash, semicolon and comma are escaped,
 * any line break becomes `\n`, and control characters, which TEXT may not
 * hold, are dropped (a tab is kept).
 */
export function escapeText(value: string): string {
  return withoutControls(value.replace(/\r\n?/g, '\n'))
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, '\\n')
}

/**
 * Folds a content line into pieces of at most 75 octets, each continuation
 * starting with one space. It splits between code points, never inside a
 * character's UTF-8 bytes.
 */
export function foldLine(line: string): string {
  const pieces: string[] = []
  let piece = ''
  let octets = 0
  for (const character of line) {
    const size = utf8.encode(character).length
    // A continuation's leading space counts toward its 75.
    const limit = pieces.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1
    if (octets + size > limit) {
      pieces.push(piece)
      piece = ''
      octets = 0
    }
    piece += character
    octets += size
  }
  pieces.push(piece)
  return pieces.join(`${CRLF} `)
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** `20261126`: a DATE value. */
function icsDate(day: CalendarDay): string {
  return day.replaceAll('-', '')
}

/** The calendar day after `day`, counted in UTC so no clock change can move it. */
export function nextDay(day: CalendarDay): CalendarDay {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const next = new Date(Date.UTC(y, m - 1, d + 1))
  return `${pad(next.getUTCFullYear(), 4)}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`
}

/** `20261122T120000Z`: a DATE-TIME in UTC, as DTSTAMP must be. */
function icsUtc(date: Date): string {
  return (
    `${pad(date.getUTCFullYear(), 4)}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}` +
    `T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`
  )
}

export function replyReminderIcs(reminder: ReplyReminder, now: Date): string {
  const summary = `Reply due: ${reminder.matter}`
  const description = [
    `Letter to ${reminder.recipientName}`,
    reminder.reference ? `Reference: ${reminder.reference}` : null,
  ]
    .filter((line) => line !== null)
    .join('\n')
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Letterhead//Reply tracking//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    // One UID per letter: importing the file again updates the event instead of adding another.
    `UID:${reminder.letterId}@letterhead`,
    `DTSTAMP:${icsUtc(now)}`,
    `DTSTART;VALUE=DATE:${icsDate(reminder.replyBy)}`,
    `DTEND;VALUE=DATE:${icsDate(nextDay(reminder.replyBy))}`,
    `SUMMARY:${escapeText(summary)}`,
    `DESCRIPTION:${escapeText(description)}`,
    // A deadline is not a meeting: the day stays free in the sender's calendar.
    'TRANSP:TRANSPARENT',
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION:${escapeText(summary)}`,
    'TRIGGER:-P1D',
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return lines.map(foldLine).join(CRLF) + CRLF
}

/** `reply-due-2026-11-26.ics`. */
export const icsFileName = (replyBy: CalendarDay) => `reply-due-${replyBy}.ics`
