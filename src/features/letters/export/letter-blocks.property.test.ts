import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { letterDay, realisticRequest } from '../../../../tests/support/careless-answers'
import { anyUnicodeUnit } from '../../../../tests/support/letter-arbitraries'
import { composeLetter } from '../generator/built-in-composer'
import { BLOCK_KINDS, type BlockKind, letterBlocks } from './letter-blocks'
import { letterParagraphs } from './txt'

/** Everything but whitespace: blocks may trim spaces and split on blank lines, never drop text. */
const ink = (text: string) => text.replace(/\s/g, '')

/** Lines a letter is made of, so the rules' every branch is reached, mixed with anything at all. */
const letterLine = fc.oneof(
  fc.constantFrom(
    'Dear Sam:',
    'Dear Sir,',
    'Gentlemen:',
    'Re: Unpaid invoice',
    'SUBJECT: notice',
    'November 22, 2026',
    '3rd March 2026',
    'Via e-mail',
    'WITHOUT PREJUDICE',
    'Sincerely,',
    'Yours faithfully',
    'Best regards,',
    '__________________',
    'Enclosures:',
    'Encl.',
    'cc: Jo',
    '1. pay',
    '2. confirm',
    '(a) first',
    '• bullet',
    '',
    '   ',
  ),
  fc.string({ unit: anyUnicodeUnit, maxLength: 40 }),
)
const letterLike = fc
  .array(fc.tuple(letterLine, fc.constantFrom('\n', '\n\n', '\r\n\r\n', '\n \t\n')), {
    maxLength: 30,
  })
  .map((parts) => parts.map(([line, end]) => line + end).join(''))

const anyText = fc.oneof(letterLike, fc.string({ unit: anyUnicodeUnit, maxLength: 400 }))

describe('letterBlocks, for any text', () => {
  it('keeps every line of the letter, in order, in exactly one block', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const blocks = letterBlocks(text)
        expect(blocks.flatMap((b) => b.lines)).toEqual(letterParagraphs(text).flat())
        expect(ink(blocks.map((b) => b.lines.join('\n')).join('\n\n'))).toBe(ink(text))
      }),
      { numRuns: 500 },
    )
  })

  it('gives each block a known kind, and each list item its line', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        for (const b of letterBlocks(text)) {
          expect(BLOCK_KINDS).toContain(b.kind)
          expect(b.lines.length).toBeGreaterThan(0)
          if (b.kind !== 'list') continue
          expect(b.items).toHaveLength(b.lines.length)
          b.items.forEach((item, i) =>
            expect(ink(item.marker + item.text)).toBe(ink(b.lines[i] ?? '')),
          )
        }
      }),
      { numRuns: 300 },
    )
  })
})

/** The parts a composed letter has, in the order it has them: one letter per kind. */
const CODE: Record<BlockKind, string> = {
  sender: 'S',
  date: 'D',
  delivery: 'V',
  'without-prejudice': 'W',
  recipient: 'R',
  subject: 'J',
  salutation: 'G',
  body: 'B',
  list: 'L',
  closing: 'C',
  'signature-space': '_',
  signature: 'N',
  enclosures: 'E',
  cc: 'K',
}

describe('letterBlocks, for every letter the built-in composer writes', () => {
  it('finds each part in its place', () => {
    fc.assert(
      fc.property(realisticRequest, letterDay, (request, date) => {
        const letter = composeLetter(request, date)
        const shape = letterBlocks(letter)
          .map((b) => CODE[b.kind])
          .join('')
        expect(shape, letter).toMatch(/^SDV?W?RJG[BL]+CN(E)?(K)?$/)
      }),
      { numRuns: 300 },
    )
  })
})
