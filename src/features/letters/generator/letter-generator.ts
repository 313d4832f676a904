import type { LetterRequest } from '@/domain/letter-writing/request'

// The request is domain: the server's AI route writes letters from it with the same prompt and guard.
export { type LetterRequest, TYPED_FIELDS } from '@/domain/letter-writing/request'

export type GenerationContext = {
  /** The letter's date; the response deadline is counted from it. */
  date: Date
  /**
   * The stored letter being written, for an engine that writes it elsewhere
   * (the server's AI writes from the answers the letter was saved with).
   */
  letterId?: string
  /** Cancels the writing; the promise then rejects. */
  signal?: AbortSignal
  /** Called with the text written so far, for engines that write gradually. */
  onText?: (textSoFar: string) => void
  /**
   * Called with the place in line while an engine that serves many people
   * waits for a turn (1 is next), and with null once it starts writing.
   */
  onQueue?: (position: number | null) => void
}

/** A letter and the engine that wrote it, for an engine that may hand over to another. */
export type GeneratedLetter = { content: string; generator: string }

/**
 * Turns a request into the letter's full text. The built-in composer works
 * offline; other engines (an OpenAI-compatible endpoint, the Letterhead
 * server's AI) implement the same shape.
 */
export type LetterGenerator = {
  readonly id: string
  /** False for an engine on this machine, which works without a network connection. */
  readonly needsNetwork?: boolean
  /**
   * For an engine that may not be there (the server's AI, which only some
   * servers have): false when the built-in composer is to write the letter
   * instead, as if it had been chosen, with nothing to tell the person.
   */
  available?(): Promise<boolean>
  /** The letter's text; or, when the engine knows better than its id who wrote it, both. */
  generate(request: LetterRequest, context: GenerationContext): Promise<string | GeneratedLetter>
}
