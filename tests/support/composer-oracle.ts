import { asksForReply, detailsForType, type LetterDetails } from '@/domain/letter-details'
import { formatLetterDate } from '@/domain/letter-dates'
import { formatAmount, formatDay } from '@/domain/letter-format'
import { replyByFor } from '@/domain/reply-tracking'
import { meetingTime } from '@/features/letters/generator/compose/meeting-time'
import type { LetterRequest } from '@/features/letters/generator/letter-generator'
import { TYPED_FIELDS } from '@/features/letters/generator/letter-generator'

/**
 * What a reader checks in a composed letter, written independently of the
 * composer: which words each answer must leave in the text, and the text with
 * the person's own words hidden, so what remains is the composer's alone.
 */

/** The lines of a typed answer that carry text, with the punctuation a sentence may drop at their end. */
export function shownLines(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trim().replace(/[\s.,;:!?]+$/u, ''))
    .filter((line) => line !== '')
}

const RIGHT_WORDS = {
  Trademark: 'trademark rights',
  Copyright: 'copyright',
  Harassment: 'harassment',
  Defamation: 'defamatory',
  Contract: 'contractual obligations',
  Privacy: 'right to privacy',
  Other: 'legal rights',
} as const
const NOTICE_WORDS = {
  Breach: 'in breach of',
  Termination: 'terminating',
  'Intent to sue': 'intend to file a claim',
  Other: 'formal notice',
} as const
const KIND_WORDS = {
  'Meeting notice': 'Notice is hereby given',
  Resolution: 'resolution',
  'Shareholder notice': 'shareholders',
} as const
const DELIVERY_WORDS = {
  'Certified Mail, Return Receipt Requested': 'Via Certified Mail, Return Receipt Requested',
  Email: 'Via Email',
  'Hand Delivery': 'By Hand Delivery',
  'First-Class Mail': 'Via First-Class Mail',
} as const

const texts = (...values: (string | readonly string[] | undefined)[]) =>
  values.flatMap((value) =>
    value === undefined ? [] : typeof value === 'string' ? [value] : value,
  )

/** The written form of every answer the letter keeps, each of which must be in its text. */
export function expectedWords(request: LetterRequest, date: Date): string[] {
  const d: LetterDetails = detailsForType(request.type, request.details ?? {})
  const replyBy = replyByFor(request.type, d, date)
  const asking = asksForReply(request.type)
  const claims = ['Demand Letter', 'Cease and Desist', 'Legal Notice'].includes(request.type)
  const { demand: m, cease: c, notice: n, business: b, recommendation: r, corporate: k } = d
  const typed = texts(
    ...TYPED_FIELDS.map((field) => request[field]),
    d.reference,
    d.enclosures,
    d.cc,
    d.senderTitle,
    d.senderCompany,
    d.senderPhone,
    d.senderEmail,
    d.recipientTitle,
    d.recipientCompany,
    claims ? (d.region ?? d.country) : undefined,
    d.followUp?.reference,
    m?.amountFor,
    m?.paymentInstructions,
    c?.conduct,
    c?.evidence,
    c?.actionsDemanded,
    n?.agreement,
    n?.clause,
    b?.purpose,
    b?.proposal,
    b?.nextStep,
    r?.candidateName,
    r?.relationship,
    r?.knownFor,
    r?.candidateRole,
    r?.recommendedFor,
    r?.strengths?.map(({ strength }) => strength),
    k?.meetingPlace,
    k?.agenda,
    k?.quorum,
  ).flatMap(shownLines)
  // An example opens a sentence, so its first letter may have been capitalized.
  const examples = (r?.strengths ?? []).flatMap(({ example }) =>
    shownLines(example).map((line, i) => (i === 0 && line.length > 1 ? line.slice(1) : line)),
  )
  const days = texts(
    d.followUp?.date,
    m?.dueDates,
    m?.previousRequests,
    c?.conductSince,
    k?.meetingDate,
    k?.recordDate,
  ).map(formatDay)
  const cure = n?.curePeriodDays
  return [
    ...typed,
    ...examples,
    ...days,
    formatLetterDate(date),
    ...texts(
      replyBy === undefined ? undefined : formatDay(replyBy),
      m?.amountCents === undefined ? undefined : formatAmount(m.amountCents, m.currency),
      d.deliveryMethod && DELIVERY_WORDS[d.deliveryMethod],
      asking && d.settlementOffer === true ? 'WITHOUT PREJUDICE' : undefined,
      c?.rightInfringed && RIGHT_WORDS[c.rightInfringed],
      n?.noticeKind && NOTICE_WORDS[n.noticeKind],
      cure === undefined ? undefined : `cure period of ${cure} ${cure === 1 ? 'day' : 'days'}`,
      k?.documentKind && KIND_WORDS[k.documentKind],
      k?.meetingTime && meetingTime(k.meetingTime),
    ),
  ]
}

/** Every calendar day the letter may name: its own date, its reply-by day and the days answered. */
export function allowedDays(request: LetterRequest, date: Date): Set<string> {
  const words = expectedWords(request, date)
  return new Set(words.filter((word) => DAY.test(word) && word.match(DAY)?.[0] === word))
}

/** A day as letters write it: "December 22, 2026". */
const MONTH =
  '(?:January|February|March|April|May|June|July|August|September|October|November|December)'
export const DAY = new RegExp(`${MONTH} \\d{1,2}, \\d{4}`)
export const DAYS = new RegExp(DAY.source, 'g')

/**
 * The letter with each of the person's own words replaced by its first and
 * last character around an "x": what is left is the composer's writing, with
 * the edges of the person's words kept, so punctuation doubled at a seam shows.
 */
export function composersWords(letter: string, request: LetterRequest): string {
  const d = request.details ?? {}
  const strings: string[] = []
  const collect = (value: unknown): void => {
    if (typeof value === 'string') strings.push(value)
    else if (Array.isArray(value)) value.forEach(collect)
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(collect)
  }
  collect(TYPED_FIELDS.map((field) => request[field]))
  collect(d)
  const pieces = new Set<string>()
  for (const value of strings) {
    pieces.add(value.trim())
    for (const line of value.replace(/\r\n?/g, '\n').split('\n')) {
      if (line.trim() !== '') pieces.add(line.trim())
    }
    for (const line of shownLines(value)) pieces.add(line)
  }
  // The composer capitalizes a detail that opens a sentence ("she rebuilt" → "She rebuilt").
  for (const piece of [...pieces]) pieces.add(piece.charAt(0).toUpperCase() + piece.slice(1))
  let masked = letter
  for (const piece of [...pieces].sort((a, b) => b.length - a.length)) {
    if (piece.length < 2) continue
    masked = masked.split(piece).join(`${piece.charAt(0)}x${piece.charAt(piece.length - 1)}`)
  }
  return masked
}
