import { AppError } from '@/domain/errors'
import { builtInComposer } from './built-in-composer'
import type { GenerationContext, LetterGenerator, LetterRequest } from './letter-generator'
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
  const builtIn = async (fallback?: WrittenLetter['fallback']): Promise<WrittenLetter> => {
    const content = await builtInComposer.generate(request, context)
    return { content, generator: builtInComposer.id, ...(fallback ? { fallback } : {}) }
  }
  if (context.signal?.aborted) throw cancelled()
  if (engine.id === builtInComposer.id) return builtIn()
  if (!online && engine.needsNetwork !== false) return builtIn({ kind: 'offline' })
  try {
    const content = await engine.generate(request, context)
    if (context.signal?.aborted) throw cancelled()
    return { content, generator: engine.id }
  } catch (error) {
    if (context.signal?.aborted) throw cancelled()
    return builtIn({ kind: 'failed', reason: errorMessage(error) })
  }
}

/** How the letter view names the engine stored on a letter. */
export function engineLabel(generator: string): string {
  if (generator === builtInComposer.id) return 'the built-in engine'
  const model = /^openai-compatible:(.+)$/.exec(generator)?.[1]
  return model ? `AI model ${model} (OpenAI-compatible)` : generator
}
