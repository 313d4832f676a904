import type { DayParts } from './fact-dates'
import { type Fact, factsIn } from './facts'
import type { LetterRequest } from './request'
import { writtenAnswers } from './written-answers'

/**
 * An AI model may write a fact nobody gave it: an amount, a date, an invoice
 * number. Every such fact in its letter must come from the person's answers,
 * in any written form (the written answers include the letter's date and its
 * reply-by day), so the person can be shown what to check before sending.
 */

type Given = {
  facts: Fact[]
  /** The answers' codes: see `codesOf`. */
  codes: Codes
  /** Whether a code is traced, worked out once per code. */
  seen: Map<string, boolean>
}

/**
 * The answers' runs of letters and digits, in capitals, answers apart with
 * ` | `. In `loose` every gap between runs is a space; `strict` is the same
 * text with `-` where one `-`, `/` or `.` joins two runs into one code ("DL-7").
 */
type Codes = { loose: string; strict: string }

function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(stringsOf)
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(stringsOf)
  return []
}

function codesOf(texts: readonly string[]): Codes {
  const strict = texts.map((text) => {
    let code = ''
    let end = -1
    for (const run of text.matchAll(/[A-Za-z0-9]+/g)) {
      if (end >= 0) code += /^[-/.]$/.test(text.slice(end, run.index)) ? '-' : ' '
      code += run[0].toUpperCase()
      end = run.index + run[0].length
    }
    return code
  })
  const joined = ` ${strict.join(' | ')} `
  return { loose: joined.replaceAll('-', ' '), strict: joined }
}

/**
 * A code is traced when an answer has its runs in a row, however they are
 * joined there, but not as part of a longer code: "617-555-0142" traces to
 * "(617) 555-0142", "No. 7" does not trace to "DL-7".
 */
function tracedCode(code: string, given: Given): boolean {
  const known = given.seen.get(code)
  if (known !== undefined) return known
  const { loose, strict } = given.codes
  const needle = ` ${code} `
  let traced = false
  for (let at = loose.indexOf(needle); at >= 0 && !traced; at = loose.indexOf(needle, at + 1))
    traced = strict[at] === ' ' && strict[at + needle.length - 1] === ' '
  given.seen.set(code, traced)
  return traced
}

function given(request: LetterRequest, date: Date): Given {
  const texts = stringsOf(writtenAnswers(request, date))
  return { facts: texts.flatMap(factsIn), codes: codesOf(texts), seen: new Map() }
}

/** A day the letter names is traced when an answer names that day; "November 3" matches any year. */
const sameDay = (named: DayParts, answer: DayParts) =>
  (['year', 'month', 'day'] as const).every(
    (part) => named[part] === undefined || named[part] === answer[part],
  )

function traced(fact: Fact, given: Given): boolean {
  const { facts } = given
  switch (fact.kind) {
    case 'reference':
      return tracedCode(fact.code, given)
    case 'amount':
      return facts.some(
        (answer) =>
          answer.kind === 'amount' &&
          answer.cents === fact.cents &&
          (answer.currencies === null ||
            fact.currencies === null ||
            answer.currencies.some((currency) => fact.currencies?.includes(currency))),
      )
    case 'percent':
      return facts.some((answer) => answer.kind === 'percent' && answer.value === fact.value)
    case 'date':
      return facts.some(
        (answer) =>
          answer.kind === 'date' &&
          fact.readings.some((named) => answer.readings.some((reading) => sameDay(named, reading))),
      )
  }
}

/**
 * The amounts, percentages, dates and reference numbers of `letter` that no
 * answer of `request` gives, in the letter's own words, each once, in the
 * order the letter writes them. `date` is the letter's date.
 */
export function untracedFacts(letter: string, request: LetterRequest, date: Date): string[] {
  const answers = given(request, date)
  const untraced = new Set<string>()
  for (const fact of factsIn(letter)) if (!traced(fact, answers)) untraced.add(fact.text)
  return [...untraced]
}
