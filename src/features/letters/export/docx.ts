import {
  convertInchesToTwip,
  Document,
  Footer,
  Header,
  Packer,
  PageNumber,
  PageOrientation,
  Paragraph,
  Tab,
  TextRun,
} from 'docx'
import { letterFingerprint } from '@/domain/fingerprint'
import type { PageSize } from '@/domain/settings'
import { letterheadHeader } from './docx-letterhead'
import {
  FONT_HALF_POINTS,
  FOOTER_STYLE,
  LETTER_NUMBERING,
  LIST_REFERENCE,
  letterStyles,
  SERIF,
  STYLE_OF,
} from './docx-styles'
import { MIME_TYPES } from './file-name'
import { type LetterBlock, letterBlocks, NOTATIONS } from './letter-blocks'
import type { LetterheadArt } from './letterhead-art'
import { fingerprintLine } from './pdf-footer'
import { letterParagraphs, letterTitle } from './txt'

export type DocxOptions = {
  /** US Letter unless the person asks for A4, as for the PDF. */
  pageSize?: PageSize
  /** Printed at the top of the first page (Annual 8 Letters' custom branding). */
  letterhead?: LetterheadArt | null
}

const ONE_INCH = convertInchesToTwip(1)
const PAGE_SIZES: Record<PageSize, { width: number; height: number }> = {
  letter: { width: convertInchesToTwip(8.5), height: convertInchesToTwip(11) },
  // 210 × 297 mm, in twips as Word writes A4.
  a4: { width: 11_906, height: 16_838 },
}
/** The default accent, for the letterhead styles of a document that has none. */
const NO_ACCENT = '#000000'

/**
 * What XML 1.0 cannot hold: control characters, U+FFFE, U+FFFF and unpaired
 * surrogates. docx drops only the controls; one of the others left in makes a
 * file Word refuses to open.
 */
const NOT_XML = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu

/** A line of the letter as a run; every line after a block's first starts on a new line. */
function lineRun(line: string, index: number): TextRun {
  const children = line.split('\t').flatMap((part, i) => (i === 0 ? [part] : [new Tab(), part]))
  return new TextRun({ children, break: index > 0 ? 1 : undefined })
}

/** One paragraph per block, its lines kept as line breaks; a list as one paragraph per item. */
function blockParagraphs(block: LetterBlock, listIndex: number, next?: LetterBlock): Paragraph[] {
  const style = STYLE_OF[block.kind].id
  if (block.kind !== 'list') {
    // Notations sit one under the other, as the letter types them.
    const tight = NOTATIONS.has(block.kind) && next !== undefined && NOTATIONS.has(next.kind)
    return [
      new Paragraph({
        style,
        widowControl: true,
        spacing: tight ? { after: 0 } : undefined,
        children: block.lines.map(lineRun),
      }),
    ]
  }
  const last = block.items.length - 1
  return block.items.map((item, i) => {
    // The last item ends the list with the blank line every block has after it.
    const spacing = i === last ? { after: 240 } : undefined
    if (block.numbering === 'typed') {
      // Markers Word cannot make (`(a)`, a list starting at 3) are kept as typed, hanging from a tab.
      return new Paragraph({
        style,
        spacing,
        widowControl: true,
        children: [lineRun(`${item.marker}\t${item.text}`, 0)],
      })
    }
    return new Paragraph({
      style,
      spacing,
      widowControl: true,
      numbering: { reference: LIST_REFERENCE[block.numbering], level: 0, instance: listIndex },
      children: [lineRun(item.text, 0)],
    })
  })
}

/** The foot of every page: the text's fingerprint; from the second page, "Page n of m" above it. */
function footer(fingerprint: string, numbered: boolean): Footer {
  const hash = new Paragraph({
    style: FOOTER_STYLE,
    children: [new TextRun(fingerprintLine(fingerprint))],
  })
  if (!numbered) return new Footer({ children: [hash] })
  const page = new Paragraph({
    style: FOOTER_STYLE,
    children: [
      new TextRun({
        size: 18,
        children: ['Page ', PageNumber.CURRENT, ' of ', PageNumber.TOTAL_PAGES],
      }),
    ],
  })
  return new Footer({ children: [page, hash] })
}

/**
 * A real Word document: each part of the letter a paragraph in its own style
 * (Sender, Date, Recipient, Subject in bold, Body, Closing, Signature,
 * Enclosures…), lines within a block kept as line breaks, lists as Word's
 * own numbered lists, room to sign under the closing, one-inch margins, the
 * letterhead at the top of the first page when there is one, and the text's
 * SHA-256 at the foot of every page, so it opens ready to print or to edit.
 */
export async function letterToDocx(content: string, options: DocxOptions = {}): Promise<Blob> {
  const { pageSize = 'letter', letterhead = null } = options
  const fingerprint = await letterFingerprint(content)
  const blocks = letterBlocks(content.replace(NOT_XML, ''))
  let lists = 0
  const children = blocks.flatMap((block, i) =>
    blockParagraphs(block, block.kind === 'list' ? ++lists : 0, blocks[i + 1]),
  )

  const doc = new Document({
    creator: 'Letterhead',
    title: letterTitle(letterParagraphs(content.replace(NOT_XML, ''))),
    styles: {
      default: {
        document: {
          run: { font: SERIF, size: FONT_HALF_POINTS },
          paragraph: { spacing: { before: 0, after: 0 } },
        },
      },
      paragraphStyles: letterStyles(letterhead?.accent ?? NO_ACCENT),
    },
    numbering: LETTER_NUMBERING,
    sections: [
      {
        properties: {
          // The first page has its own header and footer: the letterhead, and no page number.
          titlePage: true,
          page: {
            size: { ...PAGE_SIZES[pageSize], orientation: PageOrientation.PORTRAIT },
            margin: { top: ONE_INCH, right: ONE_INCH, bottom: ONE_INCH, left: ONE_INCH },
          },
        },
        headers: {
          first: letterhead ? letterheadHeader(letterhead) : new Header({ children: [] }),
          default: new Header({ children: [] }),
        },
        footers: { first: footer(fingerprint, false), default: footer(fingerprint, true) },
        // Word needs at least one paragraph in a section to open the file.
        children: children.length > 0 ? children : [new Paragraph({})],
      },
    ],
  })
  return new Blob([await Packer.toArrayBuffer(doc)], { type: MIME_TYPES.docx })
}
