import { SIGNATURE_RULE } from '@/domain/letter-writing/prompt-instructions'
import type { LetterRequest } from '@/domain/letter-writing/request'
import { writtenAnswers } from '@/domain/letter-writing/written-answers'

/** Every text of a value, in order: strings, list items, the values of nested answers. */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (typeof value === 'number') return [String(value)]
  if (Array.isArray(value)) return value.flatMap(textsOf)
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(textsOf)
  return []
}

/**
 * A letter such as a careful model writes from the prompt's data block: the
 * structure the instructions ask for, and every answer in it, written as the
 * data writes it, so each of its facts traces to an answer.
 */
export function letterFromAnswers(request: LetterRequest, date: Date): string {
  const data = writtenAnswers(request, date)
  const {
    letterType: _type,
    date: dated,
    responseDeadline,
    replyWithinDays,
    withoutPrejudice,
    senderName,
    senderAddress,
    recipientName,
    recipientAddress,
    matter,
    resolution,
    enclosures,
    cc,
    ...rest
  } = data
  const facts = Object.entries(rest).map(
    ([key, value]) => `As to ${key}: ${textsOf(value).join('; ')}.`,
  )
  return [
    `${senderName}\n${senderAddress}`,
    dated,
    ...(withoutPrejudice ? ['WITHOUT PREJUDICE'] : []),
    `${recipientName}\n${recipientAddress}`,
    `Re: ${matter}`,
    `Dear ${recipientName}:`,
    `I am writing to you formally about the following matter: ${matter}. This letter sets out ` +
      'what happened and what I ask of you in order to resolve it.',
    ...facts,
    resolution,
    ...(responseDeadline === undefined
      ? ['I would be glad to provide any further information you may find useful.']
      : [
          `Please respond in writing within ${replyWithinDays} days, on or before ` +
            `${responseDeadline}. If I do not hear from you by then, I will consider the next ` +
            'appropriate steps.',
        ]),
    'Sincerely,',
    `${SIGNATURE_RULE}\n${senderName}`,
    ...(enclosures ? [`Enclosures:\n${enclosures.join('\n')}`] : []),
    ...(cc ? [`cc:\n${cc.join('\n')}`] : []),
  ].join('\n\n')
}
