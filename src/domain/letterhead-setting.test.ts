import { describe, expect, it } from 'vitest'
import { pngDataUrl, testPng } from '../../tests/support/png'
import { letterheadSchema, pngDataUrlSize, savedLetterheadSchema } from './settings'

const logo = pngDataUrl(testPng(120, 40, [10, 20, 30]))
const valid = { logo, nameBlock: ' Lovelace LLP \r\n 12 Square ', accent: '#1F2A44' }
const messages = (value: unknown) => {
  const parsed = savedLetterheadSchema.safeParse(value)
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)
}

describe('pngDataUrlSize', () => {
  it("reads a PNG's size from its header, and refuses anything else", () => {
    expect(pngDataUrlSize(logo)).toEqual({ width: 120, height: 40 })
    expect(pngDataUrlSize('data:image/jpeg;base64,/9j/4AAQSkZJRg==')).toBeNull()
    expect(pngDataUrlSize('data:image/png;base64,R0lGODlhAQABAAAAACw=')).toBeNull()
    expect(pngDataUrlSize(`${logo}!`)).toBeNull()
  })
})

describe('the letterhead setting', () => {
  it('keeps a PNG logo, the name block trimmed line by line, and the accent in lower case', () => {
    expect(letterheadSchema.parse(valid)).toEqual({
      logo,
      nameBlock: 'Lovelace LLP\n12 Square',
      accent: '#1f2a44',
    })
  })

  it('refuses a logo that is not a PNG, or larger than 600 × 200 pixels or 300 KB', () => {
    const notPng = 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4='
    expect(messages({ ...valid, logo: notPng })).toEqual([
      'The logo must be a PNG image of at most 600 × 200 pixels.',
    ])
    expect(messages({ ...valid, logo: pngDataUrl(testPng(601, 10, [0, 0, 0])) })).toHaveLength(1)
    expect(messages({ ...valid, logo: `${logo}${'A'.repeat(300 * 1024)}` })).toContain(
      'The logo is too detailed to keep; try a simpler image.',
    )
  })

  it('refuses an empty letterhead, a bad colour and a name block of too many lines', () => {
    expect(messages({ logo: null, nameBlock: '  \n ', accent: '#000000' })).toEqual([
      'Add a logo or a name block before saving the letterhead.',
    ])
    expect(messages({ ...valid, accent: 'navy' })).toEqual(['Choose the accent colour as #rrggbb.'])
    expect(messages({ ...valid, nameBlock: 'a\n'.repeat(9) + 'a' })).toEqual([
      'The name block must be at most 8 lines.',
    ])
  })
})
