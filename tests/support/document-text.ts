import { strFromU8, unzipSync } from 'fflate'
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs'

export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  return getDocument({ data: bytes, isEvalSupported: false, verbosity: 0 }).promise
}

/** Each page's text, lines joined the way a reader would copy them. */
export async function pdfPageTexts(pdf: PDFDocumentProxy): Promise<string[]> {
  const texts: string[] = []
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n)
    const content = await page.getTextContent()
    texts.push(
      content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
        .join(''),
    )
  }
  return texts
}

/** Each page's text without its footer (page number and fingerprint), so a paragraph that runs onto the next page reads on. */
export async function pdfBodyTexts(pdf: PDFDocumentProxy): Promise<string[]> {
  return (await pdfPageTexts(pdf)).map((text) =>
    text
      .replace(/Page \d+ of \d+/g, '')
      .replace(/SHA-256 of the letter text:\s*[0-9a-f\s]{64,80}/g, ''),
  )
}

/** Every file inside a zip (a .docx), as text. */
export function zipParts(bytes: Uint8Array): Record<string, string> {
  const files = unzipSync(bytes)
  return Object.fromEntries(Object.entries(files).map(([name, data]) => [name, strFromU8(data)]))
}

/** The text of each `<w:p>` in a Word document, with `<w:br/>` read back as a line break. */
export function docxParagraphs(documentXml: string): string[] {
  const decode = (s: string) =>
    s
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')
  const body = documentXml.slice(documentXml.indexOf('<w:body>'))
  return [...body.matchAll(/<w:p>([\s\S]*?)<\/w:p>/g)].map(([, inner = '']) =>
    [...inner.matchAll(/<w:br\/>|<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)]
      .map(([tag, text = '']) => (tag === '<w:br/>' ? '\n' : decode(text)))
      .join(''),
  )
}
