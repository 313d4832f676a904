import type { LetterType } from '@/domain/letter-schema'

/** What a person asked for, already validated and trimmed. */
export type LetterRequest = {
  type: LetterType
  senderName: string
  senderAddress: string
  recipientName: string
  recipientAddress: string
  matter: string
  resolution: string
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
