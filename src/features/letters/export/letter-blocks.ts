import { letterParagraphs } from './txt'

/**
 * The parts of a letter the PDF and Word files lay out each in its own way.
 * Found by simple rules on the text itself (not on how it was written), so an
 * old letter, an AI's letter or a hand-edited one gets the same treatment;
 * whatever no rule recognises is a body paragraph, and no text is ever left out.
 */
export const BLOCK_KINDS = [
  'sender',
  'date',
  'delivery',
  'without-prejudice',
  'recipient',
  'subject',
  'salutation',
  'body',
  'list',
  'closing',
  'signature-space',
  'signature',
  'enclosures',
  'cc',
] as const
export type BlockKind = (typeof BLOCK_KINDS)[number]

/** A list item as typed: its marker (`1.`, `(a)`, `•`) and its text. */
export type ListItem = { marker: string; text: string }

/**
 * How a list is numbered: `1. 2. 3.` or `1) 2) 3)` from one, which Word can
 * number itself; bullets; or markers of its own (`(a)`, `3.` first), printed as typed.
 */
export type ListNumbering = 'decimal-period' | 'decimal-paren' | 'bullet' | 'typed'

export type LetterBlock =
  | { kind: Exclude<BlockKind, 'list'>; lines: string[] }
  | { kind: 'list'; lines: string[]; items: ListItem[]; numbering: ListNumbering }

const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?'
const WEEKDAY = '(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\\s+)?'
const DAY = '\\d{1,2}(?:st|nd|rd|th)?'
const DATE = new RegExp(
  `^(?:date:\\s*)?${WEEKDAY}(?:${MONTH}\\s+${DAY},?\\s+\\d{4}|${DAY}\\s+(?:of\\s+)?${MONTH},?\\s+\\d{4}|\\d{4}-\\d{2}-\\d{2}|\\d{1,2}[/.]\\d{1,2}[/.]\\d{2,4})$`,
  'i',
)
const DELIVERY =
  /^(?:(?:sent\s+)?via\s+\S|by\s+(?:certified|registered|recorded|first[- ]class|priority|overnight|express|hand|courier|e-?mail|fax|facsimile|u\.?s\.?\s+mail|mail)\b)/i
const MARKING =
  '(?:without\\s+prejudice(?:\\s+save\\s+as\\s+to\\s+costs)?|(?:private|privileged)\\s+(?:and|&)\\s+confidential|confidential|subject\\s+to\\s+contract)'
/** A line that is nothing but markings: `WITHOUT PREJUDICE`, `Private & Confidential – Subject to Contract`. */
const WITHOUT_PREJUDICE = new RegExp(
  `^${MARKING}(?:\\s*(?:[-–—,;:/&]|and)\\s*${MARKING})*[.:]?$`,
  'i',
)
const SUBJECT = /^(?:re|subject)\s*:/i
/** `Dear …` in any form; the bare forms (`Gentlemen:`, `Sir,`) only with their colon or comma. */
const SALUTATION =
  /^(?:dear\b.{0,160}|(?:to\s+whom\s+it\s+may\s+concern|ladies\s+and\s+gentlemen|gentlemen|sirs?|sir\s+or\s+madam|madam|hello|hi)\b.{0,100}[:,])$/i
const CLOSING =
  /^(?:(?:yours\s+)?(?:very\s+)?(?:sincerely|faithfully|truly|respectfully|cordially)(?:\s+yours)?|respectfully\s+submitted|(?:with\s+)?(?:(?:kind|kindest|best|warm|warmest)\s+)?regards|best(?:\s+wishes)?|yours|with\s+thanks|many\s+thanks|thank\s+you)\s*[,.!]?$/i
/** A line to sign on: underscores, perhaps with dots or dashes. */
const SIGNATURE_LINE = /^[\s_.\-–—]*_{3}[\s_.\-–—]*$/
const ENCLOSURES = /^(?:enclosures?|encl?s?\.|attachments?)(?:\s*[:.(]|\s*$)/i
const CC = /^(?:cc|bcc|c\.c\.|copy\s+to|copies\s+to)\s*[:.]/i
const LIST_ITEM =
  /^(\s*(?:\d{1,3}[.)]|\(\d{1,3}\)|[a-z][.)]|\([a-z]{1,4}\)|[ivx]{1,5}[.)]|[-•*–·▪]))\s+(\S.*)$/i

type Paragraph = string[]

const oneLine = (p: Paragraph | undefined, rule: RegExp): boolean =>
  p !== undefined && p.length === 1 && rule.test((p[0] ?? '').trim())
const firstLine = (p: Paragraph | undefined, rule: RegExp): boolean =>
  p !== undefined && rule.test((p[0] ?? '').trim())

const isSalutation = (p: Paragraph | undefined) => oneLine(p, SALUTATION)
const isSubject = (p: Paragraph | undefined) => firstLine(p, SUBJECT)
const isEnclosures = (p: Paragraph) => firstLine(p, ENCLOSURES)
const isCc = (p: Paragraph) => firstLine(p, CC)
const isSignatureSpace = (p: Paragraph) => p.every((line) => SIGNATURE_LINE.test(line))

const listItem = (line: string): ListItem | null => {
  const match = LIST_ITEM.exec(line)
  return match ? { marker: (match[1] ?? '').trim(), text: match[2] ?? '' } : null
}

function numberingOf(items: readonly ListItem[]): ListNumbering {
  for (const [style, suffix] of [
    ['decimal-period', '.'],
    ['decimal-paren', ')'],
  ] as const) {
    if (items.every((item, i) => item.marker === `${i + 1}${suffix}`)) return style
  }
  if (items.every((item) => /^[-•*–·▪]$/.test(item.marker))) return 'bullet'
  return 'typed'
}

const block = (kind: Exclude<BlockKind, 'list'>, lines: Paragraph): LetterBlock => ({
  kind,
  lines,
})
/**
 * A body paragraph, or a list: two or more lines each with its marker, perhaps
 * after a line that leads in to them (`You must:`), which stays a paragraph.
 */
function bodyOf(lines: Paragraph): LetterBlock[] {
  const items = lines.map(listItem)
  let start = items.length
  while (start > 0 && items[start - 1]) start--
  const listed = items.slice(start).filter((item) => item !== null)
  if (listed.length < 2) return [block('body', lines)]
  const list: LetterBlock = {
    kind: 'list',
    lines: lines.slice(start),
    items: listed,
    numbering: numberingOf(listed),
  }
  return start === 0 ? [list] : [block('body', lines.slice(0, start)), list]
}

/** Where the letter proper starts: its salutation, and its subject line before or just after it. */
function findOpening(paragraphs: readonly Paragraph[]) {
  const salutation = paragraphs.findIndex((p) => isSalutation(p))
  const before = salutation === -1 ? paragraphs.length : salutation
  let subject = paragraphs.slice(0, before).findIndex((p) => isSubject(p))
  // British letters often put the subject under the salutation.
  if (subject === -1 && salutation !== -1 && isSubject(paragraphs[salutation + 1]))
    subject = salutation + 1
  return { salutation, subject }
}

/** How a notation line under the date is read: how the letter travels, or its marking. */
function notationOf(line: string, afterDate: boolean): 'delivery' | 'without-prejudice' | null {
  const text = line.trim()
  if (WITHOUT_PREJUDICE.test(text)) return 'without-prejudice'
  return afterDate && DELIVERY.test(text) ? 'delivery' : null
}

/**
 * Sender, date, delivery, marking and recipient: what comes before the subject
 * and salutation. Notations typed together (`Via Email` over `WITHOUT
 * PREJUDICE`) are one block per line, each read as what it is.
 */
function headerBlocks(header: readonly Paragraph[]): LetterBlock[] {
  const date = header.findIndex((p) => oneLine(p, DATE))
  return header.flatMap((lines, i) => {
    if (i === date) return [block('date', lines)]
    const notations = lines.map((line) => notationOf(line, i > Math.max(date, 0)))
    if (notations.every((kind) => kind !== null)) {
      return lines.map((line, n) => block(notations[n] ?? 'delivery', [line]))
    }
    const beforeDate = date === -1 ? i === 0 : i < date
    return [block(beforeDate ? 'sender' : 'recipient', lines)]
  })
}

/** Notations set one under the other, with no blank line between, as the letter types them. */
export const NOTATIONS: ReadonlySet<BlockKind> = new Set(['delivery', 'without-prejudice'])

/** The closing (`Sincerely,`) and what follows it: signature, enclosures, copies. */
function closingBlocks(tail: readonly Paragraph[]): LetterBlock[] {
  const [closing = [], ...rest] = tail
  const blocks: LetterBlock[] = [block('closing', closing.slice(0, 1))]
  // `Sincerely,` with the name under it in one paragraph: the name is the signature.
  if (closing.length > 1) blocks.push(block('signature', closing.slice(1)))
  let notes = false
  for (const lines of rest) {
    if (isEnclosures(lines)) blocks.push(block('enclosures', lines))
    else if (isCc(lines)) blocks.push(block('cc', lines))
    else if (notes) blocks.push(...bodyOf(lines))
    else if (isSignatureSpace(lines)) blocks.push(block('signature-space', lines))
    else blocks.push(block('signature', lines))
    notes ||= isEnclosures(lines) || isCc(lines)
  }
  return blocks
}

/** Enclosures and copies at the end of a letter that has no recognisable closing. */
function trailingNotes(paragraphs: readonly Paragraph[]): number {
  let start = paragraphs.length
  while (start > 0) {
    const p = paragraphs[start - 1]
    if (!p || !(isEnclosures(p) || isCc(p))) break
    start--
  }
  return start
}

/**
 * The letter's blocks, in order. Paragraphs are split as the text export and
 * the letter view split them (on blank lines); every line of the letter is in
 * exactly one block, in its place.
 */
export function letterBlocks(content: string): LetterBlock[] {
  const paragraphs = letterParagraphs(content)
  const { salutation, subject } = findOpening(paragraphs)
  // No salutation and no subject: not a letter these rules can read; all of it is body.
  if (salutation === -1 && subject === -1) return paragraphs.flatMap(bodyOf)

  const headerEnd = Math.min(...[salutation, subject].filter((i) => i !== -1))
  const bodyStart = Math.max(salutation, subject) + 1
  const opening = paragraphs.slice(headerEnd, bodyStart).map((lines, offset) => {
    const i = headerEnd + offset
    // Between the subject and the salutation: more of the subject (a reference, a second line).
    return block(i === salutation ? 'salutation' : 'subject', lines)
  })

  const rest = paragraphs.slice(bodyStart)
  const closing = rest.findLastIndex((p) => firstLine(p, CLOSING))
  const bodyEnd = closing === -1 ? trailingNotes(rest) : closing
  return [
    ...headerBlocks(paragraphs.slice(0, headerEnd)),
    ...opening,
    ...rest.slice(0, bodyEnd).flatMap(bodyOf),
    ...(closing === -1
      ? rest.slice(bodyEnd).map((lines) => block(isCc(lines) ? 'cc' : 'enclosures', lines))
      : closingBlocks(rest.slice(closing))),
  ]
}

/** A block's text as the letter has it: its lines, one under the other. */
export const blockText = (b: LetterBlock) => b.lines.join('\n')
