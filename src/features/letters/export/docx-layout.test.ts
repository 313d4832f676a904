import { describe, expect, it } from 'vitest'
import { groupedFingerprint, letterFingerprint } from '@/domain/fingerprint'
import { docxParagraphs, zipParts } from '../../../../tests/support/document-text'
import { pngDataUrl, testPng } from '../../../../tests/support/png'
import { FULL_LETTER } from '../../../../tests/support/sample-letters'
import { letterToDocx } from './docx'
import { letterheadArt } from './letterhead-art'

const LETTERHEAD = letterheadArt({
  logo: pngDataUrl(testPng(300, 100, [31, 42, 68])),
  nameBlock: 'Lovelace & Partners LLP\n12 St James Square, London',
  accent: '#1f2a44',
})

const partsOf = async (blob: Blob) => {
  const { unzipSync } = await import('fflate')
  const bytes = new Uint8Array(await blob.arrayBuffer())
  return { text: zipParts(bytes), names: Object.keys(unzipSync(bytes)) }
}

/** Each body paragraph's style id, in order. */
const paragraphStyles = (documentXml: string) =>
  [...documentXml.matchAll(/<w:p>(?:<w:pPr><w:pStyle w:val="([^"]+)"\/>)?/g)].map(
    ([, style]) => style ?? '',
  )

describe('the Word letter', () => {
  it('writes each part of the letter in its own named style', async () => {
    const { text } = await partsOf(await letterToDocx(FULL_LETTER))
    const styles = text['word/styles.xml'] ?? ''
    for (const name of [
      'Sender',
      'Date',
      'Recipient',
      'Subject',
      'Body',
      'Closing',
      'Signature',
      'Enclosures',
    ])
      expect(styles).toContain(`<w:name w:val="${name}"/>`)
    // The subject is bold by its style.
    expect(styles).toMatch(/<w:style [^>]*w:styleId="Subject"[\s\S]*?<w:b\/>[\s\S]*?<\/w:style>/)

    expect(paragraphStyles(text['word/document.xml'] ?? '')).toEqual([
      'Sender',
      'LetterDate',
      'Delivery',
      'WithoutPrejudice',
      'Recipient',
      'Subject',
      'Salutation',
      'Body',
      'Body',
      'LetterList',
      'LetterList',
      'LetterList',
      'Body',
      'Closing',
      'SignatureLine',
      'Signature',
      'Enclosures',
      'Copies',
    ])
  })

  it('keeps every line, block by block, and lists as Word numbered lists', async () => {
    const { text } = await partsOf(await letterToDocx(FULL_LETTER))
    const documentXml = text['word/document.xml'] ?? ''
    const paragraphs = docxParagraphs(documentXml)
    expect(paragraphs.slice(0, 2)).toEqual([
      'Ada Lovelace\nLovelace & Partners LLP\n12 St James Square\nLondon SW1Y 4JH\nada@lovelace.example',
      'November 22, 2026',
    ])
    // Word numbers the items, so their text starts after the typed "1. ".
    expect(paragraphs.slice(9, 12)).toEqual([
      'pay $2,400.00 by December 22, 2026;',
      'confirm the payment in writing; and',
      'keep the goods insured until then.',
    ])
    expect(documentXml.match(/<w:numPr>/g)).toHaveLength(3)
    expect(text['word/numbering.xml']).toMatch(/<w:numFmt w:val="decimal"\/>/)
    expect(text['word/numbering.xml']).toContain('<w:lvlText w:val="%1."/>')
  })

  it('starts each list at 1, and keeps markers Word cannot make as typed', async () => {
    const letter =
      'Dear Sam:\n\n1. a\n2. b\n\nThen:\n\n1. c\n2. d\n\n(a) e\n(b) f\n\nSincerely,\n\nAda'
    const documentXml = (await partsOf(await letterToDocx(letter))).text['word/document.xml'] ?? ''
    const lists = [...documentXml.matchAll(/<w:numId w:val="(\d+)"\/>/g)].map(([, id]) => id)
    expect(lists).toHaveLength(4)
    expect(new Set(lists).size).toBe(2)
    expect(docxParagraphs(documentXml)).toContain('(a)e')
    expect(documentXml).toContain(
      '<w:t xml:space="preserve">(a)</w:t><w:tab/><w:t xml:space="preserve">e</w:t>',
    )
  })

  it("prints the text's SHA-256 in the footer of every page, and the page number from page two", async () => {
    const { text } = await partsOf(await letterToDocx(FULL_LETTER))
    const line = `SHA-256 of the letter text: ${groupedFingerprint(await letterFingerprint(FULL_LETTER))}`
    const footers = Object.entries(text).filter(([name]) => /^word\/footer\d+\.xml$/.test(name))
    expect(footers).toHaveLength(2)
    for (const [, xml] of footers) expect(xml).toContain(line)
    expect(footers.filter(([, xml]) => xml.includes('NUMPAGES'))).toHaveLength(1)
    expect(text['word/document.xml']).toContain('<w:titlePg/>')
  })

  it('prints the letterhead, logo and all, in the first page header when there is one', async () => {
    const branded = await partsOf(await letterToDocx(FULL_LETTER, { letterhead: LETTERHEAD }))
    expect(branded.names.filter((name) => name.startsWith('word/media/'))).toEqual([
      'word/media/image1.png',
    ])
    const rels = Object.entries(branded.text).filter(([name]) => name.includes('_rels/header'))
    expect(rels.map(([, xml]) => xml).join('')).toMatch(
      /relationships\/image" Target="media\/image1\.png"/,
    )
    const headers = Object.values(branded.text).filter((xml) => xml.includes('<w:hdr'))
    const letterhead = headers.find((xml) => xml.includes('Lovelace &amp; Partners LLP')) ?? ''
    expect(letterhead).toContain('<w:drawing>')
    expect(letterhead).toMatch(/<w:bottom w:val="single" w:color="1F2A44"/)

    const plain = await partsOf(await letterToDocx(FULL_LETTER))
    expect(plain.names.filter((name) => name.startsWith('word/media/'))).toEqual([])
    expect(Object.values(plain.text).join('')).not.toContain('relationships/image')
  })

  it('sets notations typed together one under the other', async () => {
    const letter = 'Ada\n\nNovember 22, 2026\n\nVia Email\nWITHOUT PREJUDICE\n\nSam\n\nDear Sam:'
    const documentXml = (await partsOf(await letterToDocx(letter))).text['word/document.xml'] ?? ''
    expect(documentXml).toContain(
      '<w:pStyle w:val="Delivery"/><w:widowControl/><w:spacing w:after="0"/>',
    )
    expect(paragraphStyles(documentXml)).toEqual([
      'Sender',
      'LetterDate',
      'Delivery',
      'WithoutPrejudice',
      'Recipient',
      'Salutation',
    ])
  })

  it('uses A4 when asked', async () => {
    const { text } = await partsOf(await letterToDocx(FULL_LETTER, { pageSize: 'a4' }))
    expect(text['word/document.xml']).toMatch(/<w:pgSz w:w="11906" w:h="16838"/)
  })
})
