import { MONTHS } from '../letter-dates'

/**
 * How letters write a day, read back into its parts: "November 3, 2026",
 * "3 November 2026", "Nov. 3rd, 2026", "11/03/2026", "2026-11-03", and the
 * shorter "November 3" and "November 2026", which name only part of a day.
 */

/** A day, or the part of one a text names (no year in "November 3", no day in "November 2026"). */
export type DayParts = { year?: number; month?: number; day?: number }

export type DatePattern = { regex: RegExp; read: (match: RegExpExecArray) => DayParts[] }

const MONTH_NAMES = MONTHS

/** Full names before their abbreviations, so "March" is not read as "Mar" and a stray "ch". */
const MONTH = String.raw`\b(${[...MONTH_NAMES, 'Sept', 'Jan', 'Feb', 'Mar', 'Apr', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].join('|')})\b\.?`
const DAY = String.raw`(\d{1,2})(?:st|nd|rd|th)?\b`
const YEAR = String.raw`(\d{4})\b`
const NOT_A_YEAR = String.raw`(?!,?\s*\d)`

function monthOf(name: string | undefined): number | undefined {
  if (name === undefined) return undefined
  const index = MONTH_NAMES.findIndex((month) => month.startsWith(name.slice(0, 3)))
  return index < 0 ? undefined : index + 1
}

const number = (text: string | undefined) => (text === undefined ? undefined : Number(text))

/**
 * A day written with its month's name is a date even when no calendar has it
 * ("February 30, 2026"): a date no answer can give, so it is never traced.
 */
const named = (parts: DayParts): DayParts[] => (parts.month === undefined ? [] : [parts])

/** The parts, when they can be a day of the calendar; a day without a year may be February 29. */
function real(parts: DayParts): DayParts[] {
  const { year, month, day } = parts
  if (month === undefined || month < 1 || month > 12) return []
  if (day === undefined) return [parts]
  const date = new Date(year ?? 2000, month - 1, day)
  if (year !== undefined) date.setFullYear(year, month - 1, day)
  return date.getMonth() === month - 1 && date.getDate() === day ? [parts] : []
}

/** "26" is 2026: letters written here fall in this century. */
const fullYear = (text: string) => (text.length === 2 ? 2000 + Number(text) : Number(text))

export const DATE_PATTERNS: DatePattern[] = [
  {
    // November 3, 2026 · Nov. 3rd 2026 · Monday, November 3, 2026
    regex: new RegExp(String.raw`${MONTH}\s+${DAY},?\s+${YEAR}`, 'g'),
    read: ([, month, day, year]) =>
      named({ year: number(year), month: monthOf(month), day: number(day) }),
  },
  {
    // 3 November 2026 · the 3rd of November, 2026 · 3rd day of November 2026
    regex: new RegExp(String.raw`\b${DAY}\s+(?:day\s+)?(?:of\s+)?${MONTH},?\s+${YEAR}`, 'g'),
    read: ([, day, month, year]) =>
      named({ year: number(year), month: monthOf(month), day: number(day) }),
  },
  {
    // 2026-11-03 · 2026/11/03
    regex: /\b(\d{4})([-/])(\d{1,2})\2(\d{1,2})\b/g,
    read: ([, year, , month, day]) =>
      real({ year: number(year), month: number(month), day: number(day) }),
  },
  {
    // 11/03/2026 is November 3 in the United States and 11 March elsewhere: either may be meant.
    regex: /\b(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})\b/g,
    read: ([, first, , second, year = '']) => [
      ...real({ year: fullYear(year), month: number(first), day: number(second) }),
      ...(first === second
        ? []
        : real({ year: fullYear(year), month: number(second), day: number(first) })),
    ],
  },
  {
    // November 3 · 3 November · the 3rd of November (no year follows)
    regex: new RegExp(
      String.raw`${MONTH}\s+${DAY}${NOT_A_YEAR}|\b${DAY}\s+(?:day\s+)?(?:of\s+)?${MONTH}${NOT_A_YEAR}`,
      'g',
    ),
    read: ([, month, day, dayFirst, monthAfter]) =>
      named({ month: monthOf(month ?? monthAfter), day: number(day ?? dayFirst) }),
  },
  {
    // November 2026
    regex: new RegExp(String.raw`${MONTH},?\s+${YEAR}`, 'g'),
    read: ([, month, year]) => named({ year: number(year), month: monthOf(month) }),
  },
]
