/**
 * The seed's request policy, in one place, for everything that talks to a
 * network: reads (queries) are retried 3 times, writes (mutations) once, with
 * exponential backoff from 1 s, doubling, capped at 30 s.
 */
export const RETRY_POLICY = {
  queryRetries: 3,
  mutationRetries: 1,
  firstDelayMs: 1_000,
  maxDelayMs: 30_000,
  staleTimeMs: 5 * 60_000,
  cacheTimeMs: 10 * 60_000,
} as const

/** The wait before retry number `attempt` (0-based): 1 s, 2 s, 4 s … capped at 30 s. */
export const retryDelayMs = (attempt: number) =>
  Math.min(RETRY_POLICY.firstDelayMs * 2 ** attempt, RETRY_POLICY.maxDelayMs)

/** Waits between attempts; injectable so tests do not wait for real. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>

/** A wait that an abort ends early; the next attempt then sees the signal and stops. */
export const abortableSleep: Sleep = (ms, signal) =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        resolve()
      },
      { once: true },
    )
  })

export type RetryOptions = {
  retries: number
  /** Whether a failure is worth repeating; anything else is thrown at once. */
  retryable: (error: unknown) => boolean
  sleep?: Sleep
  signal?: AbortSignal
}

/** Runs `once`, repeating a retryable failure up to `retries` times with the policy's backoff. */
export async function withRetries<T>(options: RetryOptions, once: () => Promise<T>): Promise<T> {
  const { retries, retryable, sleep = abortableSleep, signal } = options
  for (let tries = 0; ; tries += 1) {
    try {
      return await once()
    } catch (error) {
      if (tries >= retries || signal?.aborted || !retryable(error)) throw error
      await sleep(retryDelayMs(tries), signal)
    }
  }
}
