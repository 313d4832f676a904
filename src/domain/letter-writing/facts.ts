import type { Currency } from '../letter-details'
import { DATE_PATTERNS, type DayParts } from './fact-dates'

/**
 * The checkable facts of a text: amounts of money, percentages, dates and
 * reference numbers, each with the words it is written in and a value that
 * compares across written forms ("$1,250.00" and "1,250 dollars" are one amount).
 */
export type Fact = { text: string; at: number } & (
  | { kind: 'amount'; cents: number; currencies: readonly Currency[] | null }
  | { kind: 'percent'; value: number }
  | { kind: 'date'; readings: readonly DayParts[] }
  | { kind: 'reference'; code: string }
)

/** What a reader makes of a match; `factsIn` adds where the match was. */
type Reading = Fact extends unknown ? Omit<Fact, 'at'> : never

/** Stands in for a fact already read, so no later pattern reads its digits again. */
const MASK = '\uE002'

const DOLLARS: readonly Currency[] = ['USD', 'CAD', 'AUD']
const CURRENCY_OF: Record<string, readonly Currency[] | null> = {
  $: DOLLARS,
  dollar: DOLLARS,
  us$: ['USD'],
  usd: ['USD'],
  ca$: ['CAD'],
  c$: ['CAD'],
  cad: ['CAD'],
  a$: ['AUD'],
  au$: ['AUD'],
  aud: ['AUD'],
  '£': ['GBP'],
  gbp: ['GBP'],
  pound: ['GBP'],
  '€': ['EUR'],
  eur: ['EUR'],
  euro: ['EUR'],
  cent: null,
}

const NUMBER = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`
const SCALE = String.raw`(?:\s(million|thousand|billion)\b|(k|K|m|M|bn)\b)?`
const SYMBOL = String.raw`(?:\b(?:US|CA|AU|C|A))?\$|£|€|\b(?:USD|CAD|AUD|GBP|EUR)\b`
const WORD = String.raw`USD|CAD|AUD|GBP|EUR|dollars?|euros?|pounds?|cents?`
const SCALES: Record<string, number> = {
  thousand: 1e3,
  k: 1e3,
  million: 1e6,
  m: 1e6,
  billion: 1e9,
  bn: 1e9,
}

const AMOUNT_BEFORE = new RegExp(String.raw`(${SYMBOL})\s?(${NUMBER})${SCALE}`, 'g')
const AMOUNT_AFTER = new RegExp(String.raw`(?<![\w.,$£€])(${NUMBER})${SCALE}\s?(${WORD})\b`, 'g')
const PERCENT = new RegExp(String.raw`(?<![\w.,])(${NUMBER})\s?(%|percent\b|per cent\b)`, 'g')

// Starts only where a word starts: tried inside a long word, it would rescan the word from every letter.
const EMAIL_OR_URL = /(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\bhttps?:\/\/\S+|\bwww\.\S+/g

/** A code: letters and digits, perhaps in groups joined by `-`, `/` or `.`. */
const CODE = String.raw`[A-Za-z0-9]+(?:[-/.][A-Za-z0-9]+)*`
const HASH_REFERENCE = new RegExp(String.raw`#\s?(${CODE})`, 'g')
const NUMBERED_REFERENCE = new RegExp(String.raw`\b(?:No|Nos|Nr|Ref)\.\s?#?\s?(${CODE})`, 'g')
/** Document words followed by a code: "Invoice INV-2026-0142", "invoice no. 4471", "Section 12.3". */
const NAMED_REFERENCE = new RegExp(
  String.raw`\b(?:(?:Invoice|Account|Order|Case|Claim|Policy|File|Ticket|Docket|Contract|Agreement|Reference|Loan|Lease|Permit|Licen[cs]e|Patent|Registration|Serial|Section|Clause|Article)\b\s?|(?:invoice|account|order|case|claim|policy|file|ticket|contract|reference|serial)\b\s?(?=no\.|number|#|:))` +
    String.raw`(?:(?:No\.|no\.|Number|number|#)\s?)?:?\s?(${CODE})`,
  'g',
)
// Not the tail of a longer token, nor the part of "1,250.00" after its comma.
const CODE_TOKEN = new RegExp(String.raw`(?<![\w,.\-/${MASK}])${CODE}(?![\w${MASK}])`, 'g')

function cents(number: string, scale: string | undefined, isCents: boolean): number {
  const value = Number(number.replaceAll(',', ''))
  const factor = scale === undefined ? 1 : (SCALES[scale.toLowerCase()] ?? 1)
  return Math.round(value * factor * (isCents ? 1 : 100))
}

const currencies = (word: string) =>
  CURRENCY_OF[word.toLowerCase().replace(/s$/, '')] ?? CURRENCY_OF[word.toLowerCase()] ?? null

/** Longer than this, a run of letters and digits is not a reference anyone types. */
const REFERENCE_MAX = 60

/** A bare code is a reference only when it looks like one: "INV-2026-0142", "555-0142", "PO4471". */
function looksLikeReference(code: string): boolean {
  if (code.length > REFERENCE_MAX) return false
  const digits = code.replace(/\D/g, '').length
  if (digits === 0) return false
  const separated = /[-/.]/.test(code)
  // A decimal number ("3.5", "250.00") is not a reference.
  if (/^\d+\.\d+$/.test(code)) return false
  if (!/[A-Za-z]/.test(code)) return separated ? digits >= 4 : digits >= 6
  // Letters in a reference are capitals ("30-day", "5pm", "2nd" are words, not references).
  if (!/[A-Z]/.test(code) || /^\d{1,2}(?:AM|PM)$/.test(code)) return false
  return separated || digits >= 2
}

/** The runs of letters and digits of a text, in capitals: "(617) 555-0142" is 617, 555, 0142. */
const runsOf = (text: string) => (text.match(/[A-Za-z0-9]+/g) ?? []).map((run) => run.toUpperCase())

/** The comparable form of a code: its runs, so "617-555-0142" is "(617) 555-0142" but "1.23" is not "12.3". */
export const codeOf = (text: string) => runsOf(text).join(' ')

type Reader = (text: string, found: Fact[]) => string

const masked = (match: RegExpExecArray) => MASK.repeat(match[0].length)

function reading(pattern: RegExp, read: (match: RegExpExecArray) => Reading | undefined): Reader {
  return (text, found) =>
    text.replace(pattern, (...args) => {
      const match = toMatch(args)
      const fact = read(match)
      if (fact === undefined) return match[0]
      found.push({ ...fact, at: match.index } as Fact)
      return masked(match)
    })
}

/** The arguments `String.replace` passes its callback, as the match `exec` would give. */
function toMatch(args: unknown[]): RegExpExecArray {
  const groupsAt = args.findIndex((arg) => typeof arg === 'number')
  const match = args.slice(0, groupsAt) as unknown as RegExpExecArray
  match.index = args[groupsAt] as number
  return match
}

const READERS: Reader[] = [
  // Addresses hold no facts of their own, and their digits would read as references.
  (text) => text.replace(EMAIL_OR_URL, (found) => MASK.repeat(found.length)),
  ...DATE_PATTERNS.map((pattern) =>
    reading(pattern.regex, (match) => {
      const readings = pattern.read(match)
      return readings.length === 0 ? undefined : { kind: 'date', text: match[0], readings }
    }),
  ),
  reading(AMOUNT_BEFORE, ([text, symbol = '', number = '', word, letter]) => ({
    kind: 'amount',
    text,
    cents: cents(number, word ?? letter, false),
    currencies: currencies(symbol.trim()),
  })),
  reading(AMOUNT_AFTER, ([text, number = '', word, letter, unit = '']) => ({
    kind: 'amount',
    text,
    cents: cents(number, word ?? letter, /^cents?$/i.test(unit)),
    currencies: currencies(unit),
  })),
  reading(PERCENT, ([text, number = '']) => ({
    kind: 'percent',
    text,
    value: Number(number.replaceAll(',', '')),
  })),
  ...[HASH_REFERENCE, NUMBERED_REFERENCE, NAMED_REFERENCE].map((pattern) =>
    reading(pattern, ([text, code = '']) =>
      /\d/.test(code) && code.length <= REFERENCE_MAX
        ? { kind: 'reference', text: text.trimEnd(), code: codeOf(code) }
        : undefined,
    ),
  ),
  reading(CODE_TOKEN, ([text]) =>
    looksLikeReference(text) ? { kind: 'reference', text, code: codeOf(text) } : undefined,
  ),
]

/** The facts written in `text`, in the order they are written. */
export function factsIn(text: string): Fact[] {
  const found: Fact[] = []
  READERS.reduce((rest, read) => read(rest, found), text)
  return found.sort((a, b) => a.at - b.at)
}
