import { jsPDF } from 'jspdf'
import { MIME_TYPES } from './file-name'
import { fetchLetterFont, LETTER_FONT, type FontLoader } from './pdf-font'
import { letterParagraphs, letterTitle } from './txt'

export type PageSize = 'letter' | 'a4'

export type PdfOptions = {
  /** US Letter unless the person asks for A4. */
  pageSize?: PageSize
  /** Where the font's bytes come from; the browser fetches the bundled asset. */
  loadFont?: FontLoader
}

// Points throughout: one inch is 72 pt.
const MARGIN = 72
const FONT_SIZE = 12
const LINE_HEIGHT = FONT_SIZE * 1.25
const PARAGRAPH_GAP = LINE_HEIGHT
const FOOTER_SIZE = 9
const TAB = '    '

/** jsPDF's virtual file system takes a binary string; built in slices to stay under argument limits. */
function toBinaryString(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  }
  return binary
}

function wrap(doc: jsPDF, line: string, width: number): string[] {
  const wrapped: unknown = doc.splitTextToSize(line.replace(/\t/g, TAB), width)
  if (!Array.isArray(wrapped)) return [String(wrapped)]
  return wrapped.map((part: unknown) => String(part))
}

function numberPages(doc: jsPDF, pageWidth: number, pageHeight: number): void {
  const total = doc.getNumberOfPages()
  if (total < 2) return
  doc.setFontSize(FOOTER_SIZE)
  for (let page = 1; page <= total; page++) {
    doc.setPage(page)
    // Halfway down the bottom margin, clear of the text block.
    doc.text(`Page ${page} of ${total}`, pageWidth / 2, pageHeight - MARGIN / 2, {
      align: 'center',
      baseline: 'middle',
    })
  }
}

/**
 * Lays the letter out as a printable page: one-inch margins, wrapped paragraphs
 * separated by a blank line, line breaks kept inside a block (addresses), and
 * "Page n of m" at the foot once it runs past a page. The text stays real text,
 * in an embedded Unicode font, so it can be searched, copied and read aloud.
 */
export async function letterToPdf(content: string, options: PdfOptions = {}): Promise<Blob> {
  const { pageSize = 'letter', loadFont = fetchLetterFont } = options
  const font = await loadFont()

  const doc = new jsPDF({
    unit: 'pt',
    format: pageSize,
    orientation: 'portrait',
    compress: true,
    putOnlyUsedFonts: true,
  })
  doc.addFileToVFS(LETTER_FONT.fileName, toBinaryString(font))
  doc.addFont(LETTER_FONT.fileName, LETTER_FONT.family, 'normal', 'normal', 'Identity-H')
  doc.setFont(LETTER_FONT.family, 'normal')
  doc.setFontSize(FONT_SIZE)

  const pageWidth = doc.internal.pageSize.getWidth()
  const pageHeight = doc.internal.pageSize.getHeight()
  const textWidth = pageWidth - 2 * MARGIN
  const bottom = pageHeight - MARGIN
  const paragraphs = letterParagraphs(content)
  doc.setProperties({ title: letterTitle(paragraphs), creator: 'Letterhead' })

  let y = MARGIN
  for (const [index, paragraph] of paragraphs.entries()) {
    const lines = paragraph.flatMap((line) => wrap(doc, line, textWidth))
    if (index > 0) y += PARAGRAPH_GAP
    // A paragraph never starts with a lone line at the foot of a page.
    const opening = Math.min(lines.length, 2) * LINE_HEIGHT
    if (y + opening > bottom && y > MARGIN) {
      doc.addPage()
      y = MARGIN
    }
    for (const line of lines) {
      if (y + LINE_HEIGHT > bottom) {
        doc.addPage()
        y = MARGIN
      }
      doc.text(line, MARGIN, y, { baseline: 'top' })
      y += LINE_HEIGHT
    }
  }

  numberPages(doc, pageWidth, pageHeight)
  return new Blob([doc.output('arraybuffer')], { type: MIME_TYPES.pdf })
}
