import { type Letterhead, pngDataUrlSize } from '@/domain/settings'

/** What the PDF and Word writers print at the top of a letter, read from the saved letterhead. */
export type LetterheadArt = {
  logo: { dataUrl: string; width: number; height: number } | null
  /** The firm's name first, then its address and contact lines. */
  nameLines: string[]
  /** `#rrggbb`. */
  accent: string
}

export function letterheadArt(letterhead: Letterhead): LetterheadArt {
  const size = letterhead.logo === null ? null : pngDataUrlSize(letterhead.logo)
  return {
    logo: letterhead.logo !== null && size ? { dataUrl: letterhead.logo, ...size } : null,
    nameLines: letterhead.nameBlock === '' ? [] : letterhead.nameBlock.split('\n'),
    accent: letterhead.accent,
  }
}

/** The logo's printed size: as large as fits the box, never stretched out of shape. */
export function fitLogo(
  logo: { width: number; height: number },
  box: { width: number; height: number },
): { width: number; height: number } {
  const scale = Math.min(box.width / logo.width, box.height / logo.height)
  return { width: logo.width * scale, height: logo.height * scale }
}

/** The accent as red, green and blue from 0 to 255. */
export function accentRgb(accent: string): [number, number, number] {
  const value = Number.parseInt(accent.slice(1), 16)
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff]
}
