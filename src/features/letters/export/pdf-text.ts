import type { jsPDF } from 'jspdf'

export type TextStyle = {
  bold?: boolean
  align?: 'left' | 'center' | 'right'
  color?: readonly [number, number, number]
}

const INK = [0, 0, 0] as const
/**
 * The embedded font has one weight, and a second font file would double what
 * every export fetches; bold is drawn by stroking the letters' outlines as
 * well as filling them, which stays real, searchable text in any script.
 */
const BOLD_STROKE = 0.3

/** Draws one line of text with its top at `y`. */
export function drawText(doc: jsPDF, text: string, x: number, y: number, style: TextStyle = {}) {
  const [r, g, b] = style.color ?? INK
  doc.setTextColor(r, g, b)
  if (style.bold) {
    doc.setDrawColor(r, g, b)
    doc.setLineWidth(BOLD_STROKE)
  }
  doc.text(text, x, y, {
    baseline: 'top',
    align: style.align ?? 'left',
    renderingMode: style.bold ? 'fillThenStroke' : 'fill',
  })
}

/** jsPDF's wrapping, as plain strings; a word longer than the line is broken rather than overflowing. */
export function wrapText(doc: jsPDF, text: string, width: number): string[] {
  const wrapped: unknown = doc.splitTextToSize(text, width)
  if (!Array.isArray(wrapped)) return [String(wrapped)]
  return wrapped.map((part: unknown) => String(part))
}
