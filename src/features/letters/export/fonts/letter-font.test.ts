import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { fontCodePoints } from '../font-cmap'
import blocks from './letter-font-blocks.json'

const read = (path: string) => new Uint8Array(readFileSync(new URL(path, import.meta.url)))
const full = fontCodePoints(read('../../../../../assets/fonts/DejaVuSerif.ttf'))
const letterFont = fontCodePoints(read('./DejaVuSerif-Letter.ttf'))

const ranges = blocks.map(({ from, to }) => [Number.parseInt(from, 16), Number.parseInt(to, 16)])
const inBlocks = (c: number) => ranges.some(([first = 0, last = 0]) => c >= first && c <= last)
const hex = (c: number) => `U+${c.toString(16).toUpperCase().padStart(4, '0')}`

describe('the PDF letter font', () => {
  it('keeps every character of the full DejaVu Serif in the chosen blocks', () => {
    const lost = [...full].filter((c) => inBlocks(c) && !letterFont.has(c)).map(hex)
    expect(lost).toEqual([])
  })

  it('carries nothing outside the chosen blocks', () => {
    expect([...letterFont].filter((c) => !inBlocks(c)).map(hex)).toEqual([])
  })

  it('covers names, addresses and money in the scripts a letter is written in', () => {
    const sample =
      'Łukasz Żółć Σωκράτης Дмитрий Ђорђе Արամ ნინო Nguyễn Ñandú ß ﬁ € £ ¥ ₹ ₽ ₺ ฿ № ™ § ¶ – — “ ” … • ⅓ → ≤ �'
    const missing = [...sample].filter((c) => c !== ' ' && !letterFont.has(c.codePointAt(0) ?? 0))
    expect(missing).toEqual([])
  })

  it('is read right: the reader finds the full font larger than the letter font', () => {
    expect(full.size).toBeGreaterThan(3000)
    expect(letterFont.size).toBeGreaterThan(2000)
    expect(letterFont.size).toBeLessThan(full.size)
  })
})
