import type { jsPDF } from 'jspdf'
import { groupedFingerprint } from '@/domain/fingerprint'
import { drawText } from './pdf-text'

const PAGE_NUMBER_SIZE = 9
const FINGERPRINT_SIZE = 6.5
const FOOTER_INK = [96, 96, 96] as const

/** What the footer of every page says about the text: its SHA-256, so a copy can be checked against it. */
export const fingerprintLine = (hex: string) =>
  `SHA-256 of the letter text: ${groupedFingerprint(hex)}`

/**
 * The foot of every page, in the bottom margin, clear of the text: "Page n of
 * m" once the letter runs past a page, and the letter's fingerprint in small type.
 */
export function drawFooters(doc: jsPDF, fingerprint: string, bottomMargin: number) {
  const total = doc.getNumberOfPages()
  const width = doc.internal.pageSize.getWidth()
  const height = doc.internal.pageSize.getHeight()
  for (let page = 1; page <= total; page++) {
    doc.setPage(page)
    if (total > 1) {
      doc.setFontSize(PAGE_NUMBER_SIZE)
      drawText(doc, `Page ${page} of ${total}`, width / 2, height - bottomMargin * 0.6, {
        align: 'center',
      })
    }
    doc.setFontSize(FINGERPRINT_SIZE)
    drawText(doc, fingerprintLine(fingerprint), width / 2, height - bottomMargin * 0.35, {
      align: 'center',
      color: FOOTER_INK,
    })
  }
}
