/**
 * Letters are dated by the writer's own calendar: every helper here reads the
 * local calendar day of a Date (getFullYear/getMonth/getDate), never its UTC day.
 * Someone writing at 11 pm on November 22 in New York dates the letter
 * November 22, even though it is already November 23 in UTC.
 */

/** The months' names, as letters write them. */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

/** How long a recipient is given to respond, in calendar days. */
export const RESPONSE_DAYS = 30

function assertValid(date: Date): void {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid date')
}

/** `November 22, 2026`: spelled out, so it reads the same in every locale. */
export function formatLetterDate(date: Date): string {
  assertValid(date)
  const month = MONTHS[date.getMonth()]
  if (month === undefined) throw new RangeError('Invalid date')
  return `${month} ${date.getDate()}, ${date.getFullYear()}`
}

/**
 * Counts whole calendar days rather than adding 24-hour periods, so a daylight
 * saving change in between never moves the result to a different day.
 */
export function addCalendarDays(date: Date, days: number): Date {
  assertValid(date)
  if (!Number.isInteger(days)) throw new RangeError('Days must be a whole number')
  return new Date(
    date.getFullYear(),
    date.getMonth(),
    date.getDate() + days,
    date.getHours(),
    date.getMinutes(),
    date.getSeconds(),
    date.getMilliseconds(),
  )
}

/** The day by which a reply is requested: the letter's date plus {@link RESPONSE_DAYS}. */
export function responseDeadline(letterDate: Date): Date {
  return addCalendarDays(letterDate, RESPONSE_DAYS)
}
