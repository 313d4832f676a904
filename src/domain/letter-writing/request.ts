import { detailsForType, type LetterDetails } from '../letter-details'
import type { LetterType } from '../letter-types'

/** What a person asked for, already validated and trimmed. */
export type LetterRequest = {
  type: LetterType
  senderName: string
  senderAddress: string
  recipientName: string
  recipientAddress: string
  matter: string
  resolution: string
  /** The guided questions' answers, when the person gave any. */
  details?: LetterDetails
}

/** The answers a person types, as opposed to the letter type they choose from a list. */
export const TYPED_FIELDS = [
  'senderName',
  'senderAddress',
  'recipientName',
  'recipientAddress',
  'matter',
  'resolution',
] as const satisfies readonly (keyof LetterRequest)[]

/** The answers a letter of this type keeps: its own section only (decision 030). */
export const keptDetails = (request: LetterRequest): LetterDetails =>
  detailsForType(request.type, request.details ?? {})

function stringsIn(value: unknown, into: string[]): string[] {
  if (typeof value === 'string') into.push(value)
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, into)
  else if (typeof value === 'object' && value !== null)
    for (const item of Object.values(value)) stringsIn(item, into)
  return into
}

/**
 * Every piece of text the person gave for this letter: the six fields and each
 * text answer of the details it keeps, as typed (choices from a list included).
 */
export function givenTexts(request: LetterRequest): string[] {
  const fields = TYPED_FIELDS.map((field) => request[field])
  return stringsIn(keptDetails(request), fields)
}
