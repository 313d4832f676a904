import { describe, expect, it } from 'vitest'
import { docxParagraphs, zipParts } from '../../../../tests/support/document-text'
import { letterToDocx } from './docx'

const LETTER = [
  'Łukasz Żółć\nul. Długa 5\n00-238 Warszawa',
  'November 22, 2026',
  'Σωκράτης\nΟδός Ερμού 10',
  'Re: Smith & Sons <invoice>',
  'Dear Дмитрий:',
  'First paragraph of the body.',
  'Sincerely,',
  'Łukasz Żółć',
].join('\n\n')

const partsOf = async (blob: Blob) => zipParts(new Uint8Array(await blob.arrayBuffer()))
const paragraphTexts = docxParagraphs

describe('letterToDocx', () => {
  it('writes a Word document with one paragraph per paragraph and breaks inside blocks', async () => {
    const blob = await letterToDocx(LETTER)
    expect(blob.type).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    )
    const parts = await partsOf(blob)
    const documentXml = parts['word/document.xml'] ?? ''
    expect(paragraphTexts(documentXml)).toEqual(LETTER.split('\n\n'))
  })

  it('sets US Letter, one-inch margins and a serif face', async () => {
    const parts = await partsOf(await letterToDocx(LETTER))
    const documentXml = parts['word/document.xml'] ?? ''
    expect(documentXml).toMatch(/<w:pgSz w:w="12240" w:h="15840"/)
    for (const side of ['top', 'right', 'bottom', 'left']) {
      expect(documentXml).toMatch(new RegExp(`<w:pgMar[^>]* w:${side}="1440"`))
    }
    expect(parts['word/styles.xml']).toMatch(/<w:rFonts w:ascii="Times New Roman"/)
    expect(parts['docProps/core.xml']).toContain('Smith &amp; Sons &lt;invoice&gt;')
  })

  it('still opens when the letter is empty', async () => {
    const parts = await partsOf(await letterToDocx(''))
    expect(parts['word/document.xml']).toContain('<w:p')
  })
})
