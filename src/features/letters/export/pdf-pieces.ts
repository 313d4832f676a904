import { type BlockKind, type LetterBlock, NOTATIONS } from './letter-blocks'
import type { Piece } from './pdf-pagination'

/** One piece of text on a line, at its own left edge (a list's marker and its item). */
export type PdfRun = { text: string; x: number }
export type PdfLine = { runs: PdfRun[]; bold: boolean }
export type PdfPiece = Piece & { content: PdfLine[] }

/** What the pieces need of the PDF writer: its line wrapping and text widths, in the body font. */
export type TextMeasure = {
  wrap(text: string, width: number): string[]
  width(text: string): number
}

export type Column = { left: number; width: number; lineHeight: number }

const TAB = '    '
/** Lists are set in from the margin, their items hanging from their markers. */
const LIST_INDENT = 18
const MARKER_GAP = 6
const MIN_HANG = 18

const BOLD: ReadonlySet<BlockKind> = new Set(['subject', 'without-prejudice'])
/** Each belongs with what follows: the letter's head with its first paragraph, the closing with the signature. */
const WITH_NEXT: ReadonlySet<BlockKind> = new Set([
  'sender',
  'date',
  'delivery',
  'without-prejudice',
  'recipient',
  'subject',
  'salutation',
  'closing',
  'signature-space',
])
const NOTES_AFTER: ReadonlySet<BlockKind> = new Set(['signature', 'enclosures', 'cc'])
/** Short blocks whose lines mean little apart: never split. */
const SPLITTABLE: ReadonlySet<BlockKind> = new Set(['body', 'list'])

const untab = (text: string) => text.replace(/\t/g, TAB)

function spaceBefore(block: LetterBlock, previous: LetterBlock | undefined, column: Column) {
  const blankLine = column.lineHeight
  // Room for a hand signature under the closing; a typed signature line brings its own.
  const signingRoom = 3 * column.lineHeight
  if (!previous) return 0
  if (NOTATIONS.has(block.kind) && NOTATIONS.has(previous.kind)) return 0
  if (block.kind === 'signature-space' && previous.kind === 'closing') return signingRoom
  if (block.kind === 'signature' && previous.kind === 'closing') return signingRoom
  if (block.kind === 'signature' && previous.kind === 'signature-space') return 2
  return blankLine
}

function textLines(block: LetterBlock, measure: TextMeasure, column: Column): PdfLine[] {
  const bold = BOLD.has(block.kind)
  return block.lines.flatMap((line) =>
    measure
      .wrap(untab(line), column.width)
      .map((text) => ({ runs: [{ text, x: column.left }], bold })),
  )
}

/** A list: one piece per item, its marker set in, its wrapped lines hanging from the marker. */
function listPieces(
  block: LetterBlock & { kind: 'list' },
  measure: TextMeasure,
  column: Column,
  first: Omit<Piece, 'lines' | 'lineHeight'>,
): PdfPiece[] {
  const markerX = column.left + LIST_INDENT
  const hang = Math.max(MIN_HANG, ...block.items.map((i) => measure.width(i.marker) + MARKER_GAP))
  const textX = markerX + hang
  const width = column.width - (textX - column.left)
  return block.items.map((item, i) => {
    const content = measure.wrap(untab(item.text), width).map((text, n) => ({
      runs:
        n === 0
          ? [
              { text: item.marker, x: markerX },
              { text, x: textX },
            ]
          : [{ text, x: textX }],
      bold: false,
    }))
    const last = i === block.items.length - 1
    return {
      content,
      lines: content.length,
      lineHeight: column.lineHeight,
      spaceBefore: i === 0 ? first.spaceBefore : column.lineHeight / 4,
      keepTogether: false,
      // No item alone at the top or the foot of a page: the first two and the last two stay
      // together; the last goes with what follows as the block says.
      keepWithNext: last ? first.keepWithNext : i === 0 || i === block.items.length - 2,
    }
  })
}

/** The letter's blocks as pieces for the pages: their wrapped lines, spacing and what they keep with. */
export function letterPieces(
  blocks: readonly LetterBlock[],
  measure: TextMeasure,
  column: Column,
): PdfPiece[] {
  return blocks.flatMap((block, i) => {
    const next = blocks[i + 1]
    const keepWithNext =
      WITH_NEXT.has(block.kind) ||
      // The last paragraph goes with the closing; a line leading in to a list goes with the list.
      (SPLITTABLE.has(block.kind) && (next?.kind === 'closing' || next?.kind === 'list')) ||
      // Enclosures and copies are never left alone on a page of their own.
      (NOTES_AFTER.has(block.kind) && (next?.kind === 'enclosures' || next?.kind === 'cc'))
    const layout = { spaceBefore: spaceBefore(block, blocks[i - 1], column), keepWithNext }
    if (block.kind === 'list') {
      return listPieces(block, measure, column, { ...layout, keepTogether: false })
    }
    const content = textLines(block, measure, column)
    return [
      {
        ...layout,
        content,
        lines: content.length,
        lineHeight: column.lineHeight,
        keepTogether: !SPLITTABLE.has(block.kind),
      },
    ]
  })
}
