import { CURRENCIES, type Currency } from '@/domain/letter-details'
import { formatCount } from '@/lib/format-count'

/** An amount as a person types it, in integer cents, and the currency its sign names, if any. */
export type ParsedAmount = { cents: number; currency?: Currency }

/** Signs that name one currency; a bare `$` is shared by USD, CAD and AUD, so it names none. */
const SIGNS: Record<string, Currency | undefined> = {
  $: undefined,
  US$: 'USD',
  C$: 'CAD',
  CA$: 'CAD',
  A$: 'AUD',
  AU$: 'AUD',
  '£': 'GBP',
  '€': 'EUR',
}

const isCurrency = (code: string): code is Currency =>
  (CURRENCIES as readonly string[]).includes(code)

// Whole units with or without thousands commas, then at most two decimals: 4250, 4,250, 4250.5, 0.75.
const NUMBER = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/

/** The sign or code written before or after the number, and the number alone. */
function splitSign(text: string): { sign: string; number: string } | undefined {
  const match = /^([A-Za-z]{0,3}[$£€]?)\s*([\d.,]+)\s*([A-Za-z]{3})?$/.exec(text.trim())
  if (!match) return undefined
  const [, before = '', number = '', after = ''] = match
  if (before !== '' && after !== '') return undefined
  return { sign: (before || after).toUpperCase(), number }
}

/**
 * `$4,250` and `4250.00` are 425000 cents; `£80` is 8000 cents in GBP.
 * Anything else (letters, three decimals, misplaced commas, a minus) is undefined.
 */
export function parseAmount(text: string): ParsedAmount | undefined {
  const parts = splitSign(text)
  if (!parts) return undefined
  const number = NUMBER.exec(parts.number)
  if (!number) return undefined
  const [, whole = '', fraction = ''] = number
  const cents = Number(whole.replaceAll(',', '')) * 100 + Number(fraction.padEnd(2, '0'))
  const { sign } = parts
  if (sign === '') return { cents }
  if (sign in SIGNS) {
    const currency = SIGNS[sign]
    return currency === undefined ? { cents } : { cents, currency }
  }
  return isCurrency(sign) ? { cents, currency: sign } : undefined
}

export const AMOUNT_FORMAT_MESSAGE =
  'Amount Owed must be an amount of money, such as $4,250 or 4250.00'

export const currencyMismatchMessage = (written: Currency, chosen: Currency) =>
  `Amount Owed is written in ${written} but the currency chosen is ${chosen}: choose ${written} as the currency, or leave out the sign`

/** How an amount is put back in its input: `4,250.00`, which `parseAmount` reads again. */
export function formatAmountInput(cents: number): string {
  const whole = formatCount(Math.floor(cents / 100))
  return `${whole}.${String(cents % 100).padStart(2, '0')}`
}
