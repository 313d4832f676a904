import type { LetterRequest } from '@/domain/letter-writing/request'

// The request is domain: the server's AI route writes letters from it with the same prompt and guard.
export { type LetterRequest, TYPED_FIELDS } from '@/domain/letter-writing/request'

export type GenerationContext = {
  /** The letter's date; the response deadline is counted from it. */
  date: Date
  /** Cancels the writing; the promise then rejects. */
  signal?: AbortSignal
  /** Called with the text written so far, for engines that write gradually. */
  onText?: (textSoFar: string) => void
}

/**
 * Turns a request into the letter's full text. The built-in composer works
 * offline; other engines (an OpenAI-compatible endpoint) implement the same shape.
 */
export type LetterGenerator = {
  readonly id: string
  /** False for an engine on this machine, which works without a network connection. */
  readonly needsNetwork?: boolean
  generate(request: LetterRequest, context: GenerationContext): Promise<string>
}
