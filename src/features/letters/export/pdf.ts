import { jsPDF } from 'jspdf'
import { letterFingerprint } from '@/domain/fingerprint'
import type { PageSize } from '@/domain/settings'
import { MIME_TYPES } from './file-name'
import { letterBlocks } from './letter-blocks'
import type { LetterheadArt } from './letterhead-art'
import { drawFooters } from './pdf-footer'
import { fetchLetterFont, LETTER_FONT, type FontLoader } from './pdf-font'
import { drawLetterhead } from './pdf-letterhead'
import { paginate } from './pdf-pagination'
import { letterPieces } from './pdf-pieces'
import { drawText, wrapText } from './pdf-text'
import { letterParagraphs, letterTitle } from './txt'

export type { PageSize }

export type PdfOptions = {
  /** US Letter unless the person asks for A4. */
  pageSize?: PageSize
  /** Where the font's bytes come from; the browser fetches the bundled asset. */
  loadFont?: FontLoader
  /** Printed at the top of the first page (Annual 8 Letters' custom branding). */
  letterhead?: LetterheadArt | null
}

// Points throughout: one inch is 72 pt.
const MARGIN = 72
/** DejaVu Serif is wider than Times: at 11 pt a line holds what 12 pt Times does, about 80 characters. */
const FONT_SIZE = 11
const LINE_HEIGHT = 14
/** The letterhead starts half an inch from the top edge, in the margin, as a printed one does. */
const LETTERHEAD_TOP = 36
const BELOW_LETTERHEAD = 22

/** jsPDF's virtual file system takes a binary string; built in slices to stay under argument limits. */
function toBinaryString(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  }
  return binary
}

/**
 * Lays the letter out as a law firm's letter: one-inch margins, the letterhead
 * when there is one, each part of the letter in its place (the subject in
 * bold, lists hanging from their numbers, room to sign under the closing),
 * paragraphs wrapped and kept from breaking badly across pages, "Page n of m"
 * once it runs past a page, and the text's SHA-256 at the foot of every page.
 * The text stays real text, in an embedded Unicode font, so it can be
 * searched, copied and read aloud.
 */
export async function letterToPdf(content: string, options: PdfOptions = {}): Promise<Blob> {
  const { pageSize = 'letter', loadFont = fetchLetterFont, letterhead = null } = options
  const [font, fingerprint] = await Promise.all([loadFont(), letterFingerprint(content)])

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
  doc.setProperties({ title: letterTitle(letterParagraphs(content)), creator: 'Letterhead' })

  const pageWidth = doc.internal.pageSize.getWidth()
  const pageHeight = doc.internal.pageSize.getHeight()
  const right = pageWidth - MARGIN
  const firstTop = letterhead
    ? Math.max(
        MARGIN,
        drawLetterhead(doc, letterhead, { left: MARGIN, right, top: LETTERHEAD_TOP }) +
          BELOW_LETTERHEAD,
      )
    : MARGIN

  doc.setFontSize(FONT_SIZE)
  const column = { left: MARGIN, width: right - MARGIN, lineHeight: LINE_HEIGHT }
  const measure = {
    wrap: (text: string, width: number) => wrapText(doc, text, width),
    width: (text: string) => doc.getTextWidth(text),
  }
  const pieces = letterPieces(letterBlocks(content), measure, column)
  const placed = paginate(pieces, { firstTop, top: MARGIN, bottom: pageHeight - MARGIN })

  for (const [index, piece] of pieces.entries()) {
    for (const [n, line] of piece.content.entries()) {
      const place = placed[index]?.[n]
      if (!place) continue
      while (doc.getNumberOfPages() <= place.page) doc.addPage()
      doc.setPage(place.page + 1)
      doc.setFontSize(FONT_SIZE)
      for (const run of line.runs) drawText(doc, run.text, run.x, place.y, { bold: line.bold })
    }
  }

  drawFooters(doc, fingerprint, MARGIN)
  return new Blob([doc.output('arraybuffer')], { type: MIME_TYPES.pdf })
}
