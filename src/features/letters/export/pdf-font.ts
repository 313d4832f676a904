import letterFontUrl from './fonts/DejaVuSerif-Letter.ttf?url'

/** Reads a TrueType font's bytes; the PDF writer embeds them. */
export type FontLoader = () => Promise<Uint8Array>

/**
 * DejaVu Serif covers Latin (with its extended letters), Greek, Cyrillic, Armenian
 * and Georgian, so a name such as Łukasz Żółć, Σωκράτης or Дмитрий prints as typed.
 * The PDF standard fonts cannot: they stop at Western European Latin. The bundled
 * file keeps only the blocks in fonts/letter-font-blocks.json (`npm run font`
 * makes it from assets/fonts), which makes it smaller to fetch and quicker for
 * jsPDF to read on every export (docs/decisions/013-letter-font-subset.md).
 */
export const LETTER_FONT = {
  fileName: 'DejaVuSerif-Letter.ttf',
  family: 'DejaVuSerif',
} as const

let cached: Promise<Uint8Array> | undefined

/**
 * Fetches the font as a separate asset the first time a PDF is made, and keeps it
 * for later exports; a failed fetch is forgotten so the next export tries again.
 */
export const fetchLetterFont: FontLoader = () => {
  cached ??= fetch(letterFontUrl)
    .then(async (response) => {
      if (!response.ok) throw new Error(`Could not load the letter font (${response.status})`)
      return new Uint8Array(await response.arrayBuffer())
    })
    .catch((error: unknown) => {
      cached = undefined
      throw error
    })
  return cached
}
