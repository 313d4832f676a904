import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { letterInputSchema } from '@/domain/letter-schema'
import {
  anyUnicodeUnit,
  LETTER_FIELDS,
  letterAnswers,
  letterDate,
} from '../../../../tests/support/letter-arbitraries'
import { builtInComposer, composeLetter } from './built-in-composer'

/** What a template bug leaves behind: never in a letter unless the person typed it. */
const DEBRIS = ['undefined', 'null', 'NaN', '[object Object]', '{{', '}}', '${']

const answers = letterAnswers(anyUnicodeUnit)

describe('the built-in composer, for any answers the schema accepts', () => {
  it('writes the letter without throwing, every answer verbatim and no template debris', () => {
    fc.assert(
      fc.property(answers, letterDate, (typed, date) => {
        const parsed = letterInputSchema.safeParse(typed)
        expect(parsed.success).toBe(true)
        if (!parsed.success) return
        const request = parsed.data
        const letter = composeLetter(request, date)

        for (const field of LETTER_FIELDS) {
          expect(request[field]).toBe(typed[field].trim())
          expect(letter).toContain(request[field])
        }
        expect(letter.startsWith(`${request.senderName}\n${request.senderAddress}\n\n`)).toBe(true)
        expect(letter).toContain(`\n\n${request.recipientName}\n${request.recipientAddress}\n\n`)
        expect(letter).toContain(`\n\nRe: ${request.matter}\n\n`)
        expect(letter).toContain(`\n\nDear ${request.recipientName}:\n\n`)
        expect(letter).toContain(`\n\n${request.resolution}\n\n`)
        expect(letter.endsWith(`\n\nSincerely,\n\n${request.senderName}`)).toBe(true)

        const answered = LETTER_FIELDS.map((field) => request[field])
        for (const token of DEBRIS) {
          if (!answered.some((value) => value.includes(token))) expect(letter).not.toContain(token)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('gives the same letter through the generator interface', async () => {
    await fc.assert(
      fc.asyncProperty(answers, letterDate, async (typed, date) => {
        const request = letterInputSchema.parse(typed)
        await expect(builtInComposer.generate(request, { date })).resolves.toBe(
          composeLetter(request, date),
        )
      }),
      { numRuns: 50 },
    )
  })
})
