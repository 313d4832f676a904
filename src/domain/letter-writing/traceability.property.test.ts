import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { letterFromAnswers } from '../../../tests/support/letter-from-answers'
import { letterRequest } from '../../../tests/support/letter-details-arbitraries'
import { formatAmount, formatDay } from '../letter-format'
import { untracedFacts } from './traceability'

/** Letters dated this century; their reply-by day is at most a year later. */
const letterDate = fc.date({
  min: new Date(2000, 0, 1),
  max: new Date(2099, 11, 31),
  noInvalidDate: true,
})

/** Facts no generated answer gives: days after 2150, amounts over the schema's ceiling, ZQX codes. */
const madeUp = fc.oneof(
  fc
    .date({ min: new Date(2150, 0, 1), max: new Date(2199, 11, 31), noInvalidDate: true })
    .map((date) => formatDay(date.toISOString().slice(0, 10))),
  fc.integer({ min: 100_000_000_001, max: 900_000_000_000 }).map((cents) => formatAmount(cents)),
  fc.integer({ min: 10_000, max: 99_999 }).map((n) => `ZQX-${n}`),
)

describe('untracedFacts over generated answers', () => {
  it('passes every letter whose facts come from the answers', () => {
    fc.assert(
      fc.property(letterRequest({ otherSections: true }), letterDate, (request, date) => {
        expect(untracedFacts(letterFromAnswers(request, date), request, date)).toEqual([])
      }),
      { numRuns: 200 },
    )
  })

  it('finds a fact the answers do not give, wherever the letter writes it', () => {
    fc.assert(
      fc.property(letterRequest(), letterDate, madeUp, fc.nat(), (request, date, fact, where) => {
        const paragraphs = letterFromAnswers(request, date).split('\n\n')
        const at = where % (paragraphs.length + 1)
        paragraphs.splice(at, 0, `Please note ${fact} as well.`)
        expect(untracedFacts(paragraphs.join('\n\n'), request, date)).toEqual([fact])
      }),
      { numRuns: 200 },
    )
  })
})
