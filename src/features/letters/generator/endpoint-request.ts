import { AppError } from '@/domain/errors'
import { errorDetail } from './sse'

/**
 * One HTTP request to an OpenAI-compatible endpoint, with what every call
 * shares: the address, the key, a silence limit, and failures worded for the
 * person reading them.
 */

export type EndpointSettings = { baseUrl: string; apiKey?: string }

/** A failed call: its message is what the person reads; `retryable` marks failures worth repeating. */
export class EndpointError extends AppError {
  readonly retryable: boolean
  /** The HTTP status, when the endpoint answered with an error status. */
  readonly httpStatus: number | undefined

  constructor(message: string, retryable = false, httpStatus?: number) {
    super('GENERATION_FAILED', message)
    this.retryable = retryable
    this.httpStatus = httpStatus
  }
}

/** A key, address or model the endpoint refused: asking again the same way cannot help. */
export const refusedRequest = (error: unknown) =>
  error instanceof EndpointError &&
  error.httpStatus !== undefined &&
  error.httpStatus >= 400 &&
  error.httpStatus < 500 &&
  error.httpStatus !== 408 &&
  error.httpStatus !== 429

export const IDLE_TIMEOUT_MS = 60_000

// The browser's fetch must be called unbound from any object we keep it on.
export const browserFetch: typeof fetch = (input, init) => globalThis.fetch(input, init)

/** A server on this machine (Ollama, llama.cpp, LM Studio) answers even when the device is offline. */
export function isLoopbackUrl(baseUrl: string): boolean {
  try {
    const host = new URL(baseUrl).hostname
    return host === 'localhost' || host === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(host)
  } catch {
    return false
  }
}

export const endpoint = (baseUrl: string, path: string) =>
  `${baseUrl.trim().replace(/\/+$/, '')}${path}`

export function headers(apiKey: string | undefined, accept: string): Record<string, string> {
  const key = apiKey?.trim()
  return { Accept: accept, ...(key ? { Authorization: `Bearer ${key}` } : {}) }
}

export async function httpFailure(response: Response): Promise<EndpointError> {
  const text = await response.text().catch(() => '')
  let detail: string | undefined
  try {
    detail = errorDetail(JSON.parse(text))
  } catch {
    // Not JSON: a short plain-text reason is still worth showing; an HTML error page is not.
    if (!text.trimStart().startsWith('<')) detail = text.trim()
  }
  const { status, statusText } = response
  const hint =
    status === 401 || status === 403
      ? ' Check the API Key.'
      : status === 404
        ? ' Check the Base URL and the Model.'
        : ''
  const reason = detail ? `: ${detail.slice(0, 300)}` : '.'
  return new EndpointError(
    `The AI endpoint answered HTTP ${status}${statusText ? ` ${statusText}` : ''}${reason}${hint}`,
    status >= 500 || status === 429 || status === 408,
    status,
  )
}

/**
 * One request with its own controller: the caller's signal cancels it, and so
 * does silence longer than `idleMs` (`touch` restarts that clock on progress).
 */
export async function attempt<T>(
  url: string,
  signal: AbortSignal | undefined,
  idleMs: number,
  work: (signal: AbortSignal, touch: () => void) => Promise<T>,
): Promise<T> {
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  const touch = () => {
    clearTimeout(timer)
    timer = setTimeout(() => controller.abort(), idleMs)
  }
  const cancelled = () => new EndpointError('The request to the AI endpoint was cancelled.')
  if (signal?.aborted) throw cancelled()
  const cancel = () => controller.abort()
  signal?.addEventListener('abort', cancel, { once: true })
  touch()
  try {
    return await work(controller.signal, touch)
  } catch (error) {
    if (signal?.aborted) throw cancelled()
    if (controller.signal.aborted)
      throw new EndpointError(
        `The AI endpoint at ${url} did not answer for ${Math.round(idleMs / 1000)} seconds.`,
        true,
      )
    if (error instanceof EndpointError) throw error
    throw new EndpointError(
      `Could not reach the AI endpoint at ${url}. Check the Base URL and your connection, and ` +
        'that the server accepts requests from this site (CORS).',
      true,
    )
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', cancel)
  }
}
