import {
  AlignmentType,
  BorderStyle,
  Header,
  ImageRun,
  Paragraph,
  Table,
  TableBorders,
  TableCell,
  TableRow,
  TextRun,
  VerticalAlignTable,
  WidthType,
} from 'docx'
import { LETTERHEAD_DETAILS_STYLE, LETTERHEAD_NAME_STYLE } from './docx-styles'
import { fitLogo, type LetterheadArt } from './letterhead-art'

/** Word sizes images in pixels at 96 to the inch: 2.5 × 0.75 inches, as in the PDF. */
const LOGO_BOX = { width: 240, height: 72 }
/** The text column's width in twips, on US Letter or A4 with one-inch margins, less a little. */
const LOGO_COLUMN = 3_800
const NAME_COLUMN = 5_200

const PNG_PREFIX = 'data:image/png;base64,'

function nameParagraphs(art: LetterheadArt, alignment: 'right' | 'center'): Paragraph[] {
  const align = alignment === 'right' ? AlignmentType.RIGHT : AlignmentType.CENTER
  return art.nameLines.map(
    (line, index) =>
      new Paragraph({
        style: index === 0 ? LETTERHEAD_NAME_STYLE : LETTERHEAD_DETAILS_STYLE,
        alignment: align,
        children: [new TextRun(line)],
      }),
  )
}

function logoParagraph(logo: NonNullable<LetterheadArt['logo']>): Paragraph {
  const data = Uint8Array.from(atob(logo.dataUrl.slice(PNG_PREFIX.length)), (c) => c.charCodeAt(0))
  const size = fitLogo(logo, LOGO_BOX)
  return new Paragraph({
    children: [
      new ImageRun({
        type: 'png',
        data,
        transformation: { width: Math.round(size.width), height: Math.round(size.height) },
        altText: { name: 'Logo', description: 'Letterhead logo', title: 'Logo' },
      }),
    ],
  })
}

/** The thin accent rule under the letterhead: a paragraph's bottom border. */
const rule = (accent: string) =>
  new Paragraph({
    spacing: { before: 0, after: 240 },
    border: {
      bottom: {
        style: BorderStyle.SINGLE,
        size: 6,
        color: accent.slice(1).toUpperCase(),
        space: 4,
      },
    },
    children: [],
  })

/**
 * The first page's header: the logo on the left and the name block on the
 * right (centred without a logo), then the accent rule; later pages have none,
 * as with printed letterhead paper.
 */
export function letterheadHeader(art: LetterheadArt): Header {
  if (!art.logo) {
    return new Header({ children: [...nameParagraphs(art, 'center'), rule(art.accent)] })
  }
  const cell = (children: Paragraph[], width: number) =>
    new TableCell({
      children: children.length > 0 ? children : [new Paragraph({})],
      width: { size: width, type: WidthType.DXA },
      verticalAlign: VerticalAlignTable.TOP,
    })
  const table = new Table({
    borders: TableBorders.NONE,
    width: { size: LOGO_COLUMN + NAME_COLUMN, type: WidthType.DXA },
    columnWidths: [LOGO_COLUMN, NAME_COLUMN],
    rows: [
      new TableRow({
        children: [
          cell([logoParagraph(art.logo)], LOGO_COLUMN),
          cell(nameParagraphs(art, 'right'), NAME_COLUMN),
        ],
      }),
    ],
  })
  return new Header({ children: [table, rule(art.accent)] })
}
