import type { CalendarDay, Currency } from './letter-details'
import { formatLetterDate } from './letter-dates'
import { dateOfDay } from './reply-tracking'

/**
 * How amounts and days are written in a letter, shared by the composer, the AI
 * prompt and the output guard, so a fact is traced in the form it is written.
 */

/** `$1,250.00`, `£80.00`, `CA$12.50`: the amount exactly, in its currency. */
export function formatAmount(cents: number, currency: Currency = 'USD'): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(cents / 100)
}

/** `November 3, 2026`. */
export function formatDay(day: CalendarDay): string {
  return formatLetterDate(dateOfDay(day))
}

/** `a, b and c`: a list as a sentence says it. */
export function joinAnd(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? ''
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}
