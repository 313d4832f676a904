import { AppError } from '@/domain/errors'
import type { ServerAiRepository } from './server-ai-repository'

/** Device-only mode: there is no server, so no model to write with. */
export const NO_SERVER_AI: ServerAiRepository = {
  status: () => Promise.resolve({ available: false }),
  write: () => Promise.reject(new AppError('AI_UNAVAILABLE')),
}

/**
 * The server's AI part, loaded on its first call: only a letter written in
 * server mode needs its code. A failed load is not remembered, so the next
 * call tries again.
 */
export function lazyServerAi(load: () => Promise<ServerAiRepository>): ServerAiRepository {
  let loaded: Promise<ServerAiRepository> | undefined
  const part = () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined
      throw error
    }))
  return {
    status: async () => (await part()).status(),
    write: async (request, options) => (await part()).write(request, options),
  }
}
