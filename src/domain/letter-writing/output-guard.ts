import { asksForReply } from '../letter-details'
import { formatDay } from '../letter-format'
import { replyByFor } from '../reply-tracking'
import { replyRequestIn } from './reply-request'
import { givenTexts, keptDetails, type LetterRequest } from './request'
import { formatCount } from '@/lib/format-count'

/** A model's letter must be at least this long to be a letter at all… */
export const MIN_LETTER_CHARS = 300
/** …and no longer than this, well past any real formal letter. */
export const MAX_LETTER_CHARS = 20_000

/** Private-use characters: they never occur in what a model writes. */
const MASK_OPEN = '\uE000'
const MASK_CLOSE = '\uE001'
const SIGN_OPEN = '\uE003'
const SIGN_CLOSE = '\uE004'

/** What the person typed, longest first, so a value inside another is masked as part of it. */
function maskedTexts(request: LetterRequest): string[] {
  const texts = new Set<string>()
  for (const typed of givenTexts(request)) {
    const value = typed.trim()
    if (value === '') continue
    texts.add(value)
    for (const line of value.split('\n')) if (line.trim() !== '') texts.add(line.trim())
  }
  return [...texts].sort((a, b) => b.length - a.length)
}

/**
 * Hides the person's own words behind markers while `clean` runs, so markup
 * they typed on purpose (an `*` in an address, `<b>` in a matter) survives.
 */
function keepingTyped(text: string, request: LetterRequest, clean: (text: string) => string) {
  const typed = maskedTexts(request)
  let masked = text
  typed.forEach((value, index) => {
    masked = masked.split(value).join(`${MASK_OPEN}${index}${MASK_CLOSE}`)
  })
  const cleaned = clean(masked)
  const restore = new RegExp(`${MASK_OPEN}(\\d+)${MASK_CLOSE}`, 'g')
  return cleaned.replace(restore, (_match, index: string) => typed[Number(index)] ?? '')
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
}

function stripHtml(text: string): string {
  return text
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(?:p|div|h[1-6]|li|blockquote)>/gi, '\n\n')
    .replace(/<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>/gi, '')
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_match, name: string) => ENTITIES[name] ?? '')
}

/** A line of underscores is the line to sign on, as the composer draws it, not a Markdown rule. */
const SIGNATURE_LINE = /^[ \t]*_{3,}[ \t]*$/gm

/** Keeps the lines to sign on out of `clean`, which would read their underscores as emphasis. */
function keepingSignatureLines(text: string, clean: (text: string) => string): string {
  const kept: string[] = []
  const masked = text.replace(SIGNATURE_LINE, (line) => {
    kept.push(line.trim())
    return `${SIGN_OPEN}${kept.length - 1}${SIGN_CLOSE}`
  })
  const restore = new RegExp(`${SIGN_OPEN}(\\d+)${SIGN_CLOSE}`, 'g')
  return clean(masked).replace(restore, (_match, index: string) => kept[Number(index)] ?? '')
}

function stripMarkdown(text: string): string {
  return (
    text
      // Code fences and horizontal rules are whole lines of markup.
      .replace(/^[ \t]*(?:```|~~~)[\w-]*[ \t]*$/gm, '')
      .replace(/^[ \t]*(?:-{3,}|\*{3,})[ \t]*$/gm, '')
      .replace(/^[ \t]{0,3}#{1,6}[ \t]+/gm, '')
      .replace(/^[ \t]{0,3}>[ \t]?/gm, '')
      .replace(/^([ \t]*)[-*+][ \t]+/gm, '$1')
      .replace(/!?\[([^\]\n]*)\]\([^)\n]*\)/g, '$1')
      .replace(/(\*\*|__)(?=\S)([^\n]*?\S)\1/g, '$2')
      .replace(/(^|[^\w*])\*(?=\S)([^*\n]*?\S)\*(?!\w)/g, '$1$2')
      .replace(/(^|[^\w])_(?=\S)([^_\n]*?\S)_(?!\w)/g, '$1$2')
      .replace(/`([^`\n]+)`/g, '$1')
  )
}

/**
 * Plain text from what a model wrote: Markdown and HTML removed, line endings
 * unified, runs of blank lines collapsed. The person's own words are kept as typed.
 */
export function cleanModelOutput(text: string, request: LetterRequest): string {
  const unified = text.replace(/\r\n?/g, '\n')
  const cleaned = keepingTyped(unified, request, (masked) =>
    keepingSignatureLines(masked, (text) => stripMarkdown(stripHtml(text))),
  )
  return cleaned
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/** Template markers a model leaves when it did not fill something in. */
const PLACEHOLDERS = [
  /\{\{[^}\n]*\}?\}?/,
  /\[(?:your|insert|enter|recipient|sender|name|full name|date|address|company|title|signature|phone|email)\b[^\]\n]{0,40}\]/i,
  /<(?:your|insert|recipient|sender)\b[^>\n]{0,40}>/i,
]

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim()

/** The one reply-by day an asking letter must state, as the letter writes it. */
function requiredDeadline(request: LetterRequest, date: Date): string | undefined {
  const replyBy = replyByFor(request.type, keptDetails(request), date)
  return replyBy && formatDay(replyBy)
}

/**
 * Why a cleaned reply cannot be the letter, or null when it can: it must fit
 * the length limits, name the recipient and the sender as typed, and leave no
 * template markers (unless the person typed them). A letter that asks
 * something of its reader must give the reply-by day; a recommendation letter
 * or a corporate document must not ask its reader to reply by a deadline.
 */
export function outputProblem(letter: string, request: LetterRequest, date: Date): string | null {
  if (letter.trim() === '') return 'The AI model returned an empty answer.'
  if (letter.length < MIN_LETTER_CHARS)
    return `The AI model's letter is too short (${letter.length} characters; a letter has at least ${MIN_LETTER_CHARS}).`
  if (letter.length > MAX_LETTER_CHARS)
    return `The AI model's letter is too long (${letter.length} characters; the limit is ${formatCount(MAX_LETTER_CHARS)}).`
  const flat = collapse(letter)
  const required: [string, string | undefined][] = [
    ['the recipient’s name', request.recipientName],
    ['the sender’s name', request.senderName],
    ['the response deadline', requiredDeadline(request, date)],
  ]
  for (const [what, value] of required) {
    if (value !== undefined && !flat.includes(collapse(value)))
      return `The AI model's letter leaves out ${what} (${collapse(value)}).`
  }
  if (!asksForReply(request.type)) {
    const asked = replyRequestIn(letter)
    if (asked !== undefined)
      return `The AI model's letter asks its reader to reply by a deadline ("${asked}"), which a ${request.type} does not do.`
  }
  const typed = givenTexts(request).join('\n')
  for (const pattern of PLACEHOLDERS) {
    const found = pattern.exec(letter)?.[0]
    if (found !== undefined && !typed.includes(found))
      return `The AI model's letter contains the placeholder "${found}" instead of your details.`
  }
  return null
}
