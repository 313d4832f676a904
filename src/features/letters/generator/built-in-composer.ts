import { AppError } from '@/domain/errors'
import { formatLetterDate, responseDeadline } from '@/domain/letter-dates'
import { LETTER_BODIES } from './letter-bodies'
import { type LetterGenerator, type LetterRequest, TYPED_FIELDS } from './letter-generator'

/**
 * The request is validated upstream, but a letter with an empty name or a type
 * we cannot write would be worse than no letter, so both are checked again here.
 */
function trimmedRequest(request: LetterRequest): LetterRequest {
  if (!Object.hasOwn(LETTER_BODIES, request.type)) throw new AppError('GENERATION_FAILED')
  const trimmed = { ...request }
  for (const field of TYPED_FIELDS) {
    trimmed[field] = request[field].trim()
    if (trimmed[field] === '') throw new AppError('GENERATION_FAILED')
  }
  return trimmed
}

/**
 * Writes the whole letter as plain text, its blocks separated by blank lines so
 * the exporters can lay them out as paragraphs. The person's words are kept as
 * typed (trimmed only), including line breaks inside addresses.
 */
export function composeLetter(request: LetterRequest, date: Date): string {
  const r = trimmedRequest(request)
  const body = LETTER_BODIES[r.type]({
    matter: r.matter,
    resolution: r.resolution,
    deadline: formatLetterDate(responseDeadline(date)),
  })
  return [
    `${r.senderName}\n${r.senderAddress}`,
    formatLetterDate(date),
    `${r.recipientName}\n${r.recipientAddress}`,
    `Re: ${r.matter}`,
    `Dear ${r.recipientName}:`,
    ...body,
    'Sincerely,',
    r.senderName,
  ].join('\n\n')
}

/** Offline and instant: the letter is ready as soon as it is asked for. */
export const builtInComposer: LetterGenerator = {
  id: 'built-in',
  generate(request, context) {
    // Throwing inside the executor rejects with exactly what was thrown, abort reason included.
    return new Promise((resolve) => {
      context.signal?.throwIfAborted()
      resolve(composeLetter(request, context.date))
    })
  },
}
