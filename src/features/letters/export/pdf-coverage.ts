import { fontCodePoints } from './font-cmap'
import { fetchLetterFont, type FontLoader } from './pdf-font'

/** Characters nobody sees on paper anyway: controls, format marks, spaces and emoji variation selectors. */
const UNSEEN = /[\p{C}\p{Z}\u{FE00}-\u{FE0F}\u{E0100}-\u{E01EF}]/u

/** Each font's characters, read once; a failed read is forgotten so the next call tries again. */
const coverage = new WeakMap<FontLoader, Promise<Set<number>>>()

function charactersOf(loadFont: FontLoader): Promise<Set<number>> {
  let covered = coverage.get(loadFont)
  if (!covered) {
    covered = loadFont().then(fontCodePoints)
    covered.catch(() => coverage.delete(loadFont))
    coverage.set(loadFont, covered)
  }
  return covered
}

/**
 * The characters of `content` the PDF's font has no glyph for, each once, in
 * the order they first appear: jsPDF prints them as blanks, so the person is
 * told (the Word and Text files keep them).
 */
export async function charactersPdfCannotShow(
  content: string,
  loadFont: FontLoader = fetchLetterFont,
): Promise<string[]> {
  const font = await charactersOf(loadFont)
  const missing = new Set<string>()
  for (const character of content) {
    if (UNSEEN.test(character)) continue
    if (!font.has(character.codePointAt(0) ?? 0)) missing.add(character)
  }
  return [...missing]
}
