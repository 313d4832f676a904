import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { asksForReply, detailsForType } from '@/domain/letter-details'
import { formatDay } from '@/domain/letter-format'
import { letterInputSchema } from '@/domain/letter-schema'
import { replyByFor } from '@/domain/reply-tracking'
import { realisticRequest, letterDay } from '../../../../tests/support/careless-answers'
import {
  allowedDays,
  composersWords,
  DAYS,
  expectedWords,
} from '../../../../tests/support/composer-oracle'
import {
  anyUnicodeUnit,
  LETTER_FIELDS,
  letterAnswers,
  letterDate,
} from '../../../../tests/support/letter-arbitraries'
import { builtInComposer, composeLetter } from './built-in-composer'
import type { LetterRequest } from './letter-generator'

/** The lines of a typed answer that hold something visible to the exporters and to a reader. */
const typedLines = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .filter((line) => !/^\s*$/u.test(line))

const blankLine = /^\s*$/u
const hasBlankPair = (letter: string) =>
  letter
    .split('\n')
    .some((line, i, lines) => blankLine.test(line) && blankLine.test(lines[i + 1] ?? 'x'))

/** Punctuation the composer doubled at a seam with the person's words, or a stop after a space. */
const DOUBLED = /\.\.|[,;:][.,;:]|\.[,;:]|[!?][.,;:]|[^\S\n][.,;:!?]/
const PLACEHOLDERS = /\[|\{\{|\bTBD\b|lorem|undefined|\bnull\b|NaN/i
const ASKS_FOR_A_REPLY = /\brepl(?:y|ies)\b|\brespond|no later than|deadline|acknowledge/i

const parsed = (request: LetterRequest): LetterRequest => letterInputSchema.parse(request)

describe('the built-in composer, for any answers the schema accepts', () => {
  it('writes the letter without throwing, every line typed kept and no blank line doubled', () => {
    fc.assert(
      fc.property(letterAnswers(anyUnicodeUnit), letterDate, (typed, date) => {
        const request = letterInputSchema.parse(typed)
        const letter = composeLetter(request, date)
        for (const field of LETTER_FIELDS) {
          for (const line of typedLines(request[field])) expect(letter).toContain(line)
        }
        const sender = [request.senderName, request.senderAddress].flatMap(typedLines).join('\n')
        expect(letter.startsWith(`${sender}\n\n`)).toBe(true)
        expect(letter).toContain(`\n\nRe: ${typedLines(request.matter).join('\n')}\n\n`)
        expect(letter).toMatch(/\n\nDear [^\n]+:\n\n/)
        expect(hasBlankPair(letter)).toBe(false)
        expect(letter).toBe(letter.trim())
      }),
      { numRuns: 300 },
    )
  })

  it('gives the same letter through the generator interface', async () => {
    await fc.assert(
      fc.asyncProperty(letterAnswers(anyUnicodeUnit), letterDate, async (typed, date) => {
        const request = letterInputSchema.parse(typed)
        await expect(builtInComposer.generate(request, { date })).resolves.toBe(
          composeLetter(request, date),
        )
      }),
      { numRuns: 50 },
    )
  })
})

describe('the built-in composer, for realistic answers typed carelessly', () => {
  it('writes every answer, in its written form', () => {
    fc.assert(
      fc.property(realisticRequest, letterDay, (typed, date) => {
        const request = parsed(typed)
        const letter = composeLetter(request, date)
        for (const word of expectedWords(request, date)) expect(letter).toContain(word)
      }),
      { numRuns: 400 },
    )
  })

  it('never doubles punctuation, leaves a placeholder or doubles a blank line', () => {
    fc.assert(
      fc.property(realisticRequest, letterDay, (typed, date) => {
        const request = parsed(typed)
        const letter = composeLetter(request, date)
        const mine = composersWords(letter, request)
        expect(mine).not.toMatch(DOUBLED)
        expect(mine).not.toMatch(PLACEHOLDERS)
        expect(hasBlankPair(letter)).toBe(false)
      }),
      { numRuns: 400 },
    )
  })

  it('gives the asking types one deadline and the others none', () => {
    fc.assert(
      fc.property(realisticRequest, letterDay, (typed, date) => {
        const request = parsed(typed)
        const letter = composeLetter(request, date)
        const named = new Set(letter.match(DAYS) ?? [])
        for (const day of named) expect(allowedDays(request, date)).toContain(day)
        const details = detailsForType(request.type, request.details ?? {})
        const replyBy = replyByFor(request.type, details, date)
        if (asksForReply(request.type) && replyBy !== undefined) {
          expect(letter.split(formatDay(replyBy))).toHaveLength(2)
        } else {
          expect(composersWords(letter, request)).not.toMatch(ASKS_FOR_A_REPLY)
        }
      }),
      { numRuns: 400 },
    )
  })

  it('does not repeat the subject line in the body', () => {
    fc.assert(
      fc.property(realisticRequest, letterDay, (typed, date) => {
        const request = parsed(typed)
        const letter = composeLetter(request, date)
        const blocks = letter.split('\n\n')
        const greeting = blocks.findIndex((block) => block.startsWith('Dear '))
        const body = blocks.slice(greeting + 1).join('\n\n')
        const others = JSON.stringify({ ...request, matter: '' })
        if (request.matter.split(' ').length >= 3 && !others.includes(request.matter))
          expect(body).not.toContain(request.matter)
      }),
      { numRuns: 300 },
    )
  })
})
