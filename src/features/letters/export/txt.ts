import { MIME_TYPES } from './file-name'

/** The letter exactly as written, so a download matches what the person saw and edited. */
export function letterToText(content: string): Blob {
  return new Blob([content], { type: MIME_TYPES.txt })
}

/**
 * Splits a letter into paragraphs, each a list of its lines. Blank lines (even
 * ones holding stray spaces) separate paragraphs; single line breaks stay
 * inside one, as in an address block. The PDF and Word writers both lay out
 * from this, so the three formats agree on where paragraphs fall.
 */
export function letterParagraphs(content: string): string[][] {
  return content
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((block) => block.replace(/^(?:[ \t]*\n)+|\s+$/g, ''))
    .filter((block) => block !== '')
    .map((block) => block.split('\n').map((line) => line.trimEnd()))
}

/** The letter's subject, from its `Re:` line, for a document's title property. */
export function letterTitle(paragraphs: string[][]): string {
  for (const [first] of paragraphs) {
    if (first?.startsWith('Re: ')) return first.slice('Re: '.length).trim()
  }
  return 'Letter'
}
