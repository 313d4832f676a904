import type { DeliveryMethod } from '@/domain/letter-details'
import { formatLetterDate } from '@/domain/letter-dates'
// The line to sign on, the same for both engines, so the output guard knows it as the composer's.
import { SIGNATURE_RULE } from '@/domain/letter-writing/prompt-instructions'
import type { LetterFacts } from './letter-facts'
import { isCompanyName, salutation } from './salutation'
import { asBlock, hasText, numberedList, oneLine } from './typed-text'

/** The notation under the date that says how the letter travelled. */
const DELIVERY_LINES: Record<DeliveryMethod, string> = {
  'Certified Mail, Return Receipt Requested': 'Via Certified Mail, Return Receipt Requested',
  Email: 'Via Email',
  'Hand Delivery': 'By Hand Delivery',
  'First-Class Mail': 'Via First-Class Mail',
}

const lines = (...parts: (string | undefined)[]) => parts.filter(hasText).map(asBlock).join('\n')

/**
 * A person's lines in an address block: the name, title and company. When the
 * name was typed as "Karen Whitfield, Whitfield Home Goods LLC" and the company
 * is that same one, the company moves to its own line below the title; when the
 * name already says the company otherwise, it is not repeated. A company's name
 * follows the title of the person it is for.
 */
export function personLines(name: string, title?: string, company?: string): string[] {
  const firm = hasText(company) ? oneLine(company) : undefined
  const flat = oneLine(name)
  // A company's name comes after the title of the person it is for: "Property Manager", then "Northgate Inc.".
  const titled = isCompanyName(name) ? [title, name] : [name, title]
  if (firm === undefined) return titled.filter(hasText).map(asBlock)
  const suffix = `, ${firm}`
  if (flat.endsWith(suffix) && flat.length > suffix.length)
    return [flat.slice(0, -suffix.length), title, firm].filter(hasText).map(asBlock)
  return [...titled, saysWord(flat, firm) ? undefined : firm].filter(hasText).map(asBlock)
}

/** Whether `text` holds `words` as whole words: "Acme LLC" says "Acme", "Acmeville" does not. */
function saysWord(text: string, words: string): boolean {
  const at = text.indexOf(words)
  if (at < 0) return false
  const before = text.slice(0, at)
  const after = text.slice(at + words.length)
  return !/[\p{L}\p{N}]$/u.test(before) && !/^[\p{L}\p{N}]/u.test(after)
}

function senderBlock({ senderName, senderAddress, details: d }: LetterFacts): string {
  return lines(
    ...personLines(senderName, d.senderTitle, d.senderCompany),
    senderAddress,
    d.senderPhone,
    d.senderEmail,
  )
}

function notations({ details: d }: LetterFacts): string {
  const delivery = d.deliveryMethod === undefined ? undefined : DELIVERY_LINES[d.deliveryMethod]
  return lines(delivery, d.settlementOffer === true ? 'WITHOUT PREJUDICE' : undefined)
}

/**
 * The recipient's lines, then the address without any line they already say:
 * people often type the company on the address's first line as well.
 */
function recipientBlock({ recipientName, recipientAddress, details: d }: LetterFacts): string {
  const person = personLines(recipientName, d.recipientTitle, d.recipientCompany)
  const said = new Set(person.map((line) => oneLine(line).toLowerCase()))
  const address = recipientAddress
    .split('\n')
    .filter((line) => !said.has(oneLine(line).toLowerCase()))
    .join('\n')
  return lines(...person, address)
}

function subject({ matter, details: d }: LetterFacts): string {
  return lines(`Re: ${matter}`, hasText(d.reference) ? `Our reference: ${d.reference}` : undefined)
}

function signatureBlock({ senderName, details: d }: LetterFacts): string {
  return lines(SIGNATURE_RULE, ...personLines(senderName, d.senderTitle, d.senderCompany))
}

function enclosures(items: readonly string[] | undefined): string {
  if (items === undefined || items.length === 0) return ''
  const [only] = items
  if (items.length === 1 && only !== undefined) return `Enclosure: ${oneLine(only)}`
  return `Enclosures:\n${numberedList(items)}`
}

function copies(items: readonly string[] | undefined): string {
  return (items ?? []).map((item) => `cc: ${oneLine(item)}`).join('\n')
}

/**
 * The whole letter as plain text, its blocks separated by one blank line, which
 * is how the TXT, PDF and Word exporters find its paragraphs: the sender, the
 * date, how it was sent, the recipient, the subject, the greeting, the body, the
 * closing, room to sign above the signature block, then what is enclosed and
 * who receives a copy.
 */
export function frameLetter(facts: LetterFacts, body: readonly string[], closing: string): string {
  const d = facts.details
  return [
    senderBlock(facts),
    formatLetterDate(facts.date),
    notations(facts),
    recipientBlock(facts),
    subject(facts),
    salutation(facts.recipientName, d.recipientTitle),
    ...body,
    closing,
    signatureBlock(facts),
    enclosures(d.enclosures),
    copies(d.cc),
  ]
    .filter(hasText)
    .join('\n\n')
}
