import { AppError } from '@/domain/errors'
import { detailsForType, type LetterDetails } from '@/domain/letter-details'
import { formatDay } from '@/domain/letter-format'
import { LETTER_TYPES, type LetterType } from '@/domain/letter-schema'
import { calendarDayOf, replyByFor } from '@/domain/reply-tracking'
import { type LetterRequest, TYPED_FIELDS } from '../letter-generator'
import { asBlock, asPassage, hasText } from './typed-text'

/** Everything a letter is written from, tidied once so every part reads the same facts. */
export type LetterFacts = {
  type: LetterType
  senderName: string
  senderAddress: string
  recipientName: string
  recipientAddress: string
  matter: string
  resolution: string
  /** Only the answers this type keeps (decision 030); empty when the person gave none. */
  details: LetterDetails
  date: Date
  /** The letter's own calendar day, to tell past events from coming ones. */
  today: string
  /** The one day by which a reply is asked, written out; only the asking types have one. */
  replyBy?: string
}

/**
 * The request is validated upstream, but a letter with an empty name or a type
 * we cannot write would be worse than no letter, so both are checked again here.
 */
export function letterFacts(request: LetterRequest, date: Date): LetterFacts {
  if (!(LETTER_TYPES as readonly string[]).includes(request.type))
    throw new AppError('GENERATION_FAILED')
  for (const field of TYPED_FIELDS) {
    if (!hasText(request[field])) throw new AppError('GENERATION_FAILED')
  }
  const details = detailsForType(request.type, request.details ?? {})
  const replyBy = replyByFor(request.type, details, date)
  return {
    type: request.type,
    senderName: asBlock(request.senderName),
    senderAddress: asBlock(request.senderAddress),
    recipientName: asBlock(request.recipientName),
    recipientAddress: asBlock(request.recipientAddress),
    matter: asBlock(request.matter),
    resolution: asPassage(request.resolution),
    details,
    date,
    today: calendarDayOf(date),
    ...(replyBy === undefined ? {} : { replyBy: formatDay(replyBy) }),
  }
}
