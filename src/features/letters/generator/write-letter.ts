import { AppError, isAppError } from '@/domain/errors'
import { builtInComposer, composeLetter } from './built-in-composer'
import type { GenerationContext, LetterGenerator, LetterRequest } from './letter-generator'
import { SERVER_AI_ID } from './server-ai'
import { errorMessage } from '@/lib/error-message'

/** What the toast says when a model could not write the letter and the built-in engine did. */
export const AI_FALLBACK_MESSAGE = 'AI unavailable — drafted with the built-in engine'

export type WrittenLetter = {
  content: string
  /** The engine that wrote `content`, as stored on the letter. */
  generator: string
  /**
   * Set when the chosen engine did not write it: `offline` when it was never
   * tried, or the reason it failed.
   */
  fallback?: { kind: 'offline' } | { kind: 'failed'; reason: string }
}

export type WriteOptions = GenerationContext & {
  /** Whether the network can be reached; an engine that needs it is not tried without it. */
  online?: boolean
}

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine

const cancelled = () => new AppError('GENERATION_CANCELLED')

/**
 * Refusals that another engine would not cure: while letters are owed the
 * device refuses new letters itself, so the letter is not written at all.
 */
const NOT_FALLEN_BACK_ON = new Set(['LETTERS_OWED'])

/**
 * Writes a letter with the chosen engine and never leaves a person without one:
 * offline (unless the engine runs on this machine), or when a model fails (after its own retry), the built-in
 * composer writes it instead. Only cancelling ends without a letter.
 */
export async function writeLetter(
  engine: LetterGenerator,
  request: LetterRequest,
  options: WriteOptions,
): Promise<WrittenLetter> {
  const { online = isOnline(), ...context } = options
  const builtIn = (fallback?: WrittenLetter['fallback']): Promise<WrittenLetter> =>
    new Promise((resolve) => {
      context.signal?.throwIfAborted()
      const content = composeLetter(request, context.date)
      resolve({ content, generator: builtInComposer.id, ...(fallback ? { fallback } : {}) })
    })
  if (context.signal?.aborted) throw cancelled()
  if (engine.id === builtInComposer.id) return builtIn()
  // An engine this server or this mode does not have: the built-in one is the person's engine.
  if (engine.available && !(await engine.available())) return builtIn()
  if (context.signal?.aborted) throw cancelled()
  if (!online && engine.needsNetwork !== false) return builtIn({ kind: 'offline' })
  try {
    const written = await engine.generate(request, context)
    if (context.signal?.aborted) throw cancelled()
    return typeof written === 'string' ? { content: written, generator: engine.id } : written
  } catch (error) {
    if (context.signal?.aborted) throw cancelled()
    if (isAppError(error) && NOT_FALLEN_BACK_ON.has(error.code)) throw error
    return builtIn({ kind: 'failed', reason: errorMessage(error) })
  }
}

/** How the letter view names the engine stored on a letter. */
export function engineLabel(generator: string): string {
  if (generator === builtInComposer.id) return 'the built-in engine'
  const model = /^openai-compatible:(.+)$/.exec(generator)?.[1]
  if (model) return `AI model ${model} (OpenAI-compatible)`
  const serverModel = new RegExp(`^${SERVER_AI_ID}:(.+)$`).exec(generator)?.[1]
  if (serverModel) return `the server's AI model (${serverModel})`
  return generator === SERVER_AI_ID ? "the server's AI model" : generator
}
