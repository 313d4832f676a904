/**
 * How the person's own words are set into a letter. Their text is kept as
 * typed: the composer only drops blank lines that would break a block in two,
 * and closes a sentence they left open without doubling their punctuation.
 */

/** Blank as a reader sees it: nothing but whitespace on the line. */
const BLANK_LINE = /^\s*$/u

/** A sentence already closed: a full stop, question or exclamation mark, an ellipsis, then any closing quotes or brackets. */
const CLOSED = /[.!?…]["'”’)\]»]*$/u

/** Punctuation that leads into more text; a sentence cannot end on it. */
const OPEN_END = /[\s,;:\-–—]+$/u

/** `\r` and `\r\n` are line breaks to the exporters, so they are to the composer too. */
const unifyBreaks = (text: string) => text.replace(/\r\n?/g, '\n')

export const hasText = (text: string | undefined): text is string =>
  text !== undefined && !BLANK_LINE.test(text)

/** A block (a name, an address, a subject): its lines as typed, less blank ones, which would split it. */
export function asBlock(text: string): string {
  return unifyBreaks(text.trim())
    .split('\n')
    .filter((line) => !BLANK_LINE.test(line))
    .join('\n')
}

/** A passage keeps its paragraph breaks, one blank line each, never two in a row. */
export function asPassage(text: string): string {
  const kept: string[] = []
  for (const line of unifyBreaks(text.trim()).split('\n')) {
    if (!BLANK_LINE.test(line)) kept.push(line)
    else if (kept.at(-1) !== '') kept.push('')
  }
  return kept.join('\n')
}

/**
 * Ends a sentence after the person's words without doubling their punctuation:
 * "Unpaid invoice" gains a full stop, "Who owns the fence?" keeps its mark.
 * Words that end on a comma, colon or dash are left as typed: a stop after
 * them would double the punctuation, and taking theirs away would lose it.
 */
export function endSentence(text: string): string {
  return CLOSED.test(text) || OPEN_END.test(text) ? text : `${text}.`
}

/** A full stop that belongs to the word before it: "Inc.", "Jr.", "J.", "L.L.C.". */
const ABBREVIATION =
  /(?:\b(?:Inc|Ltd|Co|Corp|Jr|Sr|Esq|St|Bros|Dept|Univ|etc|Mr|Mrs|Ms|Dr|Prof|No)|\b\p{Lu}|(?:\p{L}\.)+\p{L})\.$/u

/**
 * The person's words where the sentence goes on after them with another word:
 * a trailing comma, colon or stop would break the sentence, so it is left out,
 * but the stop of an abbreviation ("Acme Inc.") stays.
 */
export function midSentence(text: string): string {
  const open = text.replace(/[\s,;:!?]+$/u, '')
  const bare = ABBREVIATION.test(open) ? open : open.replace(/[\s.,;:!?…]+$/u, '')
  return bare === '' ? text : bare
}

/** The person's words right before punctuation of mine (a comma, a colon): every trailing mark goes. */
export function bare(text: string): string {
  const stripped = text.replace(/[\s.,;:!?…]+$/u, '')
  return stripped === '' ? text : stripped
}

/**
 * The person's words after a lead-in: short, one-line text closes the lead-in's
 * sentence; anything longer, or on several lines, is set as its own paragraph.
 * `lead` ends in a colon either way. `after`, a sentence of mine, follows in the
 * same paragraph as short text, or as a paragraph of its own after a long one.
 */
export function introduce(lead: string, text: string, after?: string): string[] {
  const passage = endSentence(asPassage(text))
  if (!passage.includes('\n') && passage.length <= 160)
    return [after === undefined ? `${lead} ${passage}` : `${lead} ${passage} ${after}`]
  return after === undefined ? [lead, passage] : [lead, passage, after]
}

/**
 * The person's words where they open a sentence of their own: "she rebuilt it"
 * starts "She rebuilt it". Only a first word in lower case throughout is
 * changed, so "iPhone", "eBay" and every name keep the case they were given.
 */
export function sentenceStart(text: string): string {
  return /^\p{Ll}+(?![\p{L}\p{N}])/u.test(text)
    ? `${text.charAt(0).toUpperCase()}${text.slice(1)}`
    : text
}

/** A name for the middle of a sentence: line breaks become spaces. */
export function oneLine(text: string): string {
  return asBlock(text)
    .split('\n')
    .map((line) => line.trim())
    .join(' ')
}

const NUMBERED = /^\s*(?:\d{1,3}[.)]|[a-z][.)]|[-*•–])\s+/iu

/** A list, numbered 1., 2., … unless the person numbered or bulleted every item already. */
export function numberedList(items: readonly string[]): string {
  const lines = items.map(oneLine)
  if (lines.every((line) => NUMBERED.test(line))) return lines.join('\n')
  return lines.map((line, i) => `${i + 1}. ${line}`).join('\n')
}

const ARTICLE = /^(?:the|a|an|our|your|my|their|this|that|his|her|its)\s/iu

/** "Lease dated May 1" becomes "the Lease dated May 1"; "our lease" stays as it is. */
export function withArticle(text: string): string {
  return ARTICLE.test(text) ? text : `the ${text}`
}
