import { LETTER_BODIES } from './letter-bodies'
import { letterFacts } from './compose/letter-facts'
import { frameLetter } from './compose/letter-frame'
import type { LetterGenerator, LetterRequest } from './letter-generator'

/**
 * Writes the whole letter as plain text, its blocks separated by one blank line
 * so the exporters can lay them out as paragraphs. The person's words are kept
 * as typed; their answers to the guided questions, when given, become the
 * letter's facts, and a letter from the six required answers alone is complete.
 */
export function composeLetter(request: LetterRequest, date: Date): string {
  const facts = letterFacts(request, date)
  const { body, closing } = LETTER_BODIES[facts.type]
  return frameLetter(facts, body(facts), closing)
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
