import { readFile } from 'node:fs/promises'
import { OPS } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { describe, expect, it } from 'vitest'
import { letterFingerprint, groupedFingerprint } from '@/domain/fingerprint'
import { openPdf, pdfPageTexts } from '../../../../tests/support/document-text'
import { pngDataUrl, testPng } from '../../../../tests/support/png'
import { FULL_LETTER } from '../../../../tests/support/sample-letters'
import { letterBlocks } from './letter-blocks'
import { type LetterheadArt, letterheadArt } from './letterhead-art'
import { letterToPdf } from './pdf'
import type { FontLoader } from './pdf-font'

const fontBytes = readFile(new URL('./fonts/DejaVuSerif-Letter.ttf', import.meta.url))
const loadFont: FontLoader = async () => new Uint8Array(await fontBytes)
const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer())
const ink = (text: string) => text.replace(/\s/g, '')
const FOOTER = /^(Page \d+ of \d+|SHA-256 of the letter text: .*)$/gm

const LETTERHEAD = letterheadArt({
  logo: pngDataUrl(testPng(300, 100, [31, 42, 68])),
  nameBlock: 'Lovelace & Partners LLP\n12 St James Square, London',
  accent: '#1f2a44',
})

/** A letter long enough to run onto a second page. */
const LONG = FULL_LETTER.replace(
  'We write on behalf',
  `${'This paragraph is one of several that fill the first page of a long letter. '.repeat(5)}\n\n`.repeat(
    6,
  ) + 'We write on behalf',
)

async function pdfOf(content: string, letterhead: LetterheadArt | null = LETTERHEAD) {
  return openPdf(await bytesOf(await letterToPdf(content, { loadFont, letterhead })))
}

describe('the PDF letter', () => {
  it('holds every block of the letter, in order, and the letterhead above them', async () => {
    const pdf = await pdfOf(FULL_LETTER)
    const text = ink((await pdfPageTexts(pdf)).join('\n').replace(FOOTER, ''))
    const expected = [
      'Lovelace&PartnersLLP12StJamesSquare,London',
      ...letterBlocks(FULL_LETTER).map((b) => ink(b.lines.join(''))),
    ]
    let at = 0
    for (const part of expected) {
      const found = text.indexOf(part, at)
      expect(found, part).toBeGreaterThanOrEqual(at)
      at = found + part.length
    }
    expect(at).toBe(text.length)
  })

  it("prints the text's SHA-256 at the foot of every page", async () => {
    const pdf = await pdfOf(LONG)
    expect(pdf.numPages).toBeGreaterThan(1)
    const line = `SHA-256 of the letter text: ${groupedFingerprint(await letterFingerprint(LONG))}`
    for (const page of await pdfPageTexts(pdf)) expect(page).toContain(line)
  })

  it('keeps the closing, the signature and the last lines of the body on one page', async () => {
    const pages = await pdfPageTexts(await pdfOf(LONG))
    const signing = ink(pages.find((page) => page.includes('Sincerely,')) ?? '')
    for (const part of ['ourclientwilltakefurthersteps.', 'ManagingPartner', 'cc:MarySomerville'])
      expect(signing).toContain(part)
  })

  it('draws the subject and the without-prejudice marking in bold, and nothing else', async () => {
    /** How many lines page one strokes as well as fills: drawn bold. */
    async function boldLines(content: string) {
      const pdf = await pdfOf(content, null)
      const { fnArray, argsArray } = await (await pdf.getPage(1)).getOperatorList()
      return fnArray.filter(
        (fn, i) => fn === OPS.setTextRenderingMode && (argsArray[i] as number[])[0] === 2,
      ).length
    }
    // Re: and its reference line, and WITHOUT PREJUDICE.
    expect(await boldLines(FULL_LETTER)).toBe(3)
    expect(await boldLines('Just a note.\n\nAnother thought.')).toBe(0)
  })

  it('embeds the logo as an image, and no image without a letterhead', async () => {
    const branded = new TextDecoder('latin1').decode(
      await bytesOf(await letterToPdf(FULL_LETTER, { loadFont, letterhead: LETTERHEAD })),
    )
    expect(branded).toMatch(/\/Subtype \/Image/)
    const plain = new TextDecoder('latin1').decode(
      await bytesOf(await letterToPdf(FULL_LETTER, { loadFont })),
    )
    expect(plain).not.toMatch(/\/Subtype \/Image/)

    const page = await (await pdfOf(FULL_LETTER)).getPage(1)
    const { fnArray } = await page.getOperatorList()
    expect(fnArray).toContain(OPS.paintImageXObject)
  })

  it('prints a letterhead without a logo as its name block and rule alone', async () => {
    const nameOnly = letterheadArt({
      logo: null,
      nameBlock: 'Żółć & Σωκράτης LLP',
      accent: '#7a1f2b',
    })
    const pdf = await pdfOf(FULL_LETTER, nameOnly)
    const [first = ''] = await pdfPageTexts(pdf)
    expect(first.startsWith('Żółć & Σωκράτης LLP')).toBe(true)
  })
})
