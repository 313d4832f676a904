import { AppError } from '@/domain/errors'

const isQuotaError = (error: unknown): boolean => {
  if (!(error instanceof Error)) return false
  if (error.name === 'QuotaExceededError') return true
  // Dexie reports an aborted transaction with the browser's error inside it.
  const inner = (error as { inner?: unknown }).inner
  return inner !== undefined && inner !== error && isQuotaError(inner)
}

type Api = Record<string, unknown>

/**
 * Wraps each method of one part of the repository so a full disk reads as a
 * clear message. The transaction the write was in has already aborted whole,
 * so no partial rows remain.
 */
export function guardStorage<T extends object>(api: T): T {
  const guarded: Api = {}
  for (const [name, value] of Object.entries(api)) {
    guarded[name] =
      typeof value === 'function'
        ? async (...args: unknown[]) => {
            try {
              const method = value as (...a: unknown[]) => Promise<unknown>
              return await method.apply(api, args)
            } catch (error) {
              if (isQuotaError(error)) throw new AppError('STORAGE_FULL')
              throw error
            }
          }
        : value
  }
  return guarded as T
}
