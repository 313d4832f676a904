import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { openPdf, pdfPageTexts } from '../../../../tests/support/document-text'
import { letterToPdf } from './pdf'
import type { FontLoader } from './pdf-font'

const fontPath = fileURLToPath(new URL('./fonts/DejaVuSerif-Letter.ttf', import.meta.url))
const loadFont: FontLoader = async () => new Uint8Array(await readFile(fontPath))

const LETTER = [
  'Łukasz Żółć\nul. Długa 5, m. 12\n00-238 Warszawa',
  'November 22, 2026',
  'Σωκράτης Παπαδόπουλος\nΟδός Ερμού 10\nΑθήνα 105 63',
  'Re: Договор аренды, Дмитрий',
  'Dear Σωκράτης Παπαδόπουλος:',
  'I am writing concerning the lease signed with Дмитрий Иванов. Please reply within 30 days.',
  'Sincerely,',
  'Łukasz Żółć',
].join('\n\n')

const open = async (blob: Blob) => openPdf(new Uint8Array(await blob.arrayBuffer()))
const pageTexts = pdfPageTexts
const isFooter = (text: string) => text.startsWith('Page ') || text.startsWith('SHA-256 of')

describe('letterToPdf', () => {
  it('makes a one-page US Letter PDF whose text, in any script, can be read back', async () => {
    const blob = await letterToPdf(LETTER, { loadFont })
    expect(blob.type).toBe('application/pdf')
    const pdf = await open(blob)
    expect(pdf.numPages).toBe(1)
    const page = await pdf.getPage(1)
    expect(page.view).toEqual([0, 0, 612, 792])

    const [text = ''] = await pageTexts(pdf)
    for (const expected of [
      'Łukasz Żółć',
      'ul. Długa 5, m. 12',
      'Σωκράτης Παπαδόπουλος',
      'Re: Договор аренды, Дмитрий',
      'Dear Σωκράτης Παπαδόπουλος:',
      'Sincerely,',
    ]) {
      expect(text).toContain(expected)
    }
    expect(text).not.toContain('Page 1 of')
  })

  it('embeds the Unicode font, and only that font', async () => {
    const blob = await letterToPdf(LETTER, { loadFont })
    const raw = new TextDecoder('latin1').decode(new Uint8Array(await blob.arrayBuffer()))
    expect(raw).toMatch(/\/BaseFont \/DejaVuSerif/)
    expect(raw).toContain('/FontFile2')
    expect(raw).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier)/)
  })

  it('uses A4 when asked', async () => {
    const pdf = await open(await letterToPdf(LETTER, { pageSize: 'a4', loadFont }))
    const [, , width = 0, height = 0] = (await pdf.getPage(1)).view
    expect(width).toBeCloseTo(595.28, 1)
    expect(height).toBeCloseTo(841.89, 1)
  })

  it('wraps long paragraphs and numbers the pages of a long letter', async () => {
    const sentence = 'This sentence is part of a long paragraph that must wrap within the margins. '
    const long = [
      LETTER,
      ...Array.from({ length: 12 }, (_, i) => `${i + 1}. ${sentence.repeat(6)}`),
    ].join('\n\n')
    const pdf = await open(await letterToPdf(long, { loadFont }))
    expect(pdf.numPages).toBeGreaterThan(1)
    const texts = await pageTexts(pdf)
    texts.forEach((text, i) => expect(text).toContain(`Page ${i + 1} of ${pdf.numPages}`))
    expect(texts.join('\n')).toContain('12. This sentence')

    // Wrapped lines stay inside the one-inch margins.
    const page = await pdf.getPage(1)
    const content = await page.getTextContent()
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '' || isFooter(item.str)) continue
      const [, , , , x = 0] = item.transform as number[]
      expect(x).toBeCloseTo(72, 0)
      expect(x + item.width).toBeLessThanOrEqual(612 - 72 + 0.5)
    }
  })

  it('breaks a word too long for the line instead of running off the page', async () => {
    const word = 'x'.repeat(600)
    const pdf = await open(await letterToPdf(`Re: test\n\n${word}`, { loadFont }))
    const [text = ''] = await pageTexts(pdf)
    expect(text.replace(/\s/g, '')).toContain(word)
    const content = await (await pdf.getPage(1)).getTextContent()
    for (const item of content.items) {
      if ('str' in item) expect(item.width).toBeLessThanOrEqual(612 - 2 * 72 + 0.5)
    }
  })
})
