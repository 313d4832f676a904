import { describe, expect, it } from 'vitest'
import { letterBlocks } from './letter-blocks'
import { letterPieces, type TextMeasure } from './pdf-pieces'

/** Every character 5 pt wide; a line wraps at the column's width, by characters. */
const measure: TextMeasure = {
  width: (text) => text.length * 5,
  wrap: (text, width) => text.match(new RegExp(`.{1,${Math.floor(width / 5)}}`, 'g')) ?? [''],
}
const column = { left: 72, width: 400, lineHeight: 14 }

const LETTER = [
  'Ada',
  'November 22, 2026',
  'Via Email\nWITHOUT PREJUDICE',
  'Sam',
  'Re: Rent',
  'Dear Sam:',
  'You must:\n1. pay;\n2. confirm;\n3. insure.',
  'Thank you.',
  'Sincerely,',
  'Ada',
  'Enclosure: lease',
].join('\n\n')

const pieces = letterPieces(letterBlocks(LETTER), measure, column)
const row = (text: string) => {
  const found = pieces.find((p) => p.content.some((l) => l.runs.some((r) => r.text === text)))
  if (!found) throw new Error(`No piece holds ${text}`)
  return found
}

describe('letterPieces', () => {
  it('sets notations one under the other and leaves room to sign under the closing', () => {
    expect(row('WITHOUT PREJUDICE').spaceBefore).toBe(0)
    expect(row('Via Email').spaceBefore).toBe(14)
    expect(row('Ada').spaceBefore).toBe(0)
    expect(pieces.at(-2)?.spaceBefore).toBe(3 * 14)
  })

  it('keeps the head of the letter, the last paragraph and the closing with what follows', () => {
    for (const text of ['Re: Rent', 'Dear Sam:', 'You must:', 'Thank you.', 'Sincerely,'])
      expect(row(text).keepWithNext, text).toBe(true)
    // The signature goes with the enclosure, so that is never alone on a page.
    expect(pieces.at(-2)?.keepWithNext).toBe(true)
    expect(pieces.at(-1)?.keepWithNext).toBe(false)
  })

  it('hangs list items from their markers, the first two and the last two kept together', () => {
    const items = ['pay;', 'confirm;', 'insure.'].map(row)
    expect(items.map((p) => p.keepWithNext)).toEqual([true, true, false])
    const [marker, text] = items[0]?.content[0]?.runs ?? []
    expect(marker).toEqual({ text: '1.', x: 72 + 18 })
    expect(text?.x).toBe(72 + 18 + 18)
  })

  it('draws the subject and the marking in bold, and nothing else', () => {
    const bold = pieces.flatMap((p) => p.content.filter((l) => l.bold).map((l) => l.runs[0]?.text))
    expect(bold).toEqual(['WITHOUT PREJUDICE', 'Re: Rent'])
  })
})
