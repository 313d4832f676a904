import type { AiEvent, AiStatus } from '@/domain/ai-api'
import type { CalendarDay } from '@/domain/letter-details'
import type { LetterInput } from '@/domain/letter-schema'

export type { AiStatus }

/** What the server's model wrote: the letter as the output guard cleaned it, and the model. */
export type AiWritten = Extract<AiEvent, { event: 'done' }>['data']

/** The stream's events before its end: the place in line, the start, and each piece of text. */
export type AiProgress = Exclude<AiEvent, { event: 'done' } | { event: 'error' }>

export type AiWriteRequest = {
  /** One of the signed-in user's letters, created on this device. */
  letterId: string
  /** The calendar day this device dates the letter (decision 031). */
  letterDate: CalendarDay
  /** Answers not yet saved to write it from (Change Answers); otherwise its saved answers. */
  answers?: LetterInput
}

export type AiWriteOptions = {
  /** Stops the writing: the stream closes, and the server stops the model. */
  signal?: AbortSignal
  onProgress?: (event: AiProgress) => void
}

/**
 * AI through the Letterhead server (DESIGN.md §9, decision 031): server state
 * that is not synced. In device-only mode there is no server, so no model.
 */
export type ServerAiRepository = {
  /**
   * Whether the server writes letters with a model, and which; never its
   * address or key. While the server cannot be asked (offline), its last
   * answer in this tab; rejects when there is none.
   */
  status(): Promise<AiStatus>
  /**
   * Has the server's model write one of the signed-in user's letters. The
   * letter is created on this device and reaches the server by sync, so this
   * device's changes are pushed first. Resolves with the `done` event's letter;
   * rejects with the server's refusal or the `error` event's code and words,
   * with `NEEDS_CONNECTION` offline and `SERVER_UNREACHABLE` when the
   * connection fails or falls silent.
   */
  write(request: AiWriteRequest, options?: AiWriteOptions): Promise<AiWritten>
}
