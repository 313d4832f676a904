import type { LetterAnswers } from './types'

type Answers<A extends LetterAnswers> = Pick<A, keyof LetterAnswers>

/** The answers a text was written from, out of a letter or anything shaped like one. */
export function answersOf<A extends LetterAnswers>(letter: A): Answers<A> {
  const { type, senderName, senderAddress, recipientName, recipientAddress, matter, resolution } =
    letter
  const answers = {
    type,
    senderName,
    senderAddress,
    recipientName,
    recipientAddress,
    matter,
    resolution,
  }
  return letter.details === undefined ? answers : { ...answers, details: letter.details }
}
