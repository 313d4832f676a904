import type { jsPDF } from 'jspdf'
import { accentRgb, fitLogo, type LetterheadArt } from './letterhead-art'
import { drawText, wrapText } from './pdf-text'

export type LetterheadBox = { left: number; right: number; top: number }

// Points. The letterhead sits in the top margin and above the letter, as a printed one does.
const LOGO_BOX = { width: 180, height: 54 }
const NAME_SIZE = 13
const NAME_LEADING = 16
const DETAIL_SIZE = 8.5
const DETAIL_LEADING = 11
const LOGO_GAP = 18
const RULE_GAP = 8
const RULE_WIDTH = 0.75
const DETAIL_INK = [74, 74, 74] as const

/**
 * Prints the letterhead at the top of the first page: the logo on the left,
 * the name block beside it on the right (centred when there is no logo), the
 * firm's name in the accent colour, and a thin accent rule under both.
 * Answers where the rule is, for the letter to start below it.
 */
export function drawLetterhead(doc: jsPDF, art: LetterheadArt, box: LetterheadBox): number {
  const accent = accentRgb(art.accent)
  const logo = art.logo ? { ...art.logo, ...fitLogo(art.logo, LOGO_BOX) } : null
  if (logo) doc.addImage(logo.dataUrl, 'PNG', box.left, box.top, logo.width, logo.height)

  const nameLeft = logo ? box.left + logo.width + LOGO_GAP : box.left
  const width = box.right - nameLeft
  const align = logo ? 'right' : 'center'
  const x = logo ? box.right : (box.left + box.right) / 2
  let y = box.top
  for (const [index, line] of art.nameLines.entries()) {
    const first = index === 0
    doc.setFontSize(first ? NAME_SIZE : DETAIL_SIZE)
    for (const part of wrapText(doc, line, width)) {
      drawText(doc, part, x, y, { align, bold: first, color: first ? accent : DETAIL_INK })
      y += first ? NAME_LEADING : DETAIL_LEADING
    }
  }

  const rule = Math.max(y, box.top + (logo?.height ?? 0)) + RULE_GAP
  doc.setDrawColor(...accent)
  doc.setLineWidth(RULE_WIDTH)
  doc.line(box.left, rule, box.right, rule)
  return rule
}
