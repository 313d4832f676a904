import type { z } from 'zod'
import { errorBodySchema } from '@/domain/api'
import { AppError, type ErrorCode, isErrorCode } from '@/domain/errors'

/** A refusal or failure the server answered with, and its HTTP status. */
export class ApiError extends AppError {
  readonly status: number
  /** How long the server asked to be left alone (`Retry-After`), when it said. */
  readonly retryAfterMs: number | undefined

  constructor(status: number, code: ErrorCode, message?: string, retryAfterMs?: number) {
    super(code, message)
    this.name = 'ApiError'
    this.status = status
    this.retryAfterMs = retryAfterMs
  }
}

/** `Retry-After` in milliseconds: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined
  const seconds = Number(header)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const at = Date.parse(header)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

export type ApiClientOptions = {
  fetch?: typeof globalThis.fetch
  /** Whether the browser believes it has a network; offline, nothing is sent. */
  online?: () => boolean
  /** How long an answer may take before the server counts as unreachable. */
  timeoutMs?: number
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'DELETE'
  body?: unknown
  /** The refusal when the device is offline; each caller says what it needed the server for. */
  offline?: ErrorCode
  /** Headers of the request's own, such as a checkout's `Idempotency-Key`. */
  headers?: Record<string, string>
}

export type ApiClient = {
  /** A request whose answer is JSON shaped as `schema`. */
  json<T>(path: string, schema: z.ZodType<T>, options?: RequestOptions): Promise<T>
  /** A request whose answer carries nothing (204). */
  send(path: string, options?: RequestOptions): Promise<void>
}

const DEFAULT_TIMEOUT_MS = 15_000

/** The server's answer to a request that failed, as the error the app shows. */
export async function refusal(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null)
  const wait = retryAfterMs(response.headers.get('retry-after'))
  const parsed = errorBodySchema.safeParse(body)
  if (!parsed.success) return new ApiError(response.status, 'SERVER_ERROR', undefined, wait)
  const { code, message } = parsed.data.error
  // A code the app does not know still carries the server's words for the person.
  if (!isErrorCode(code))
    return new ApiError(response.status, 'SERVER_ERROR', message || undefined, wait)
  return new ApiError(response.status, code, message || undefined, wait)
}

/**
 * Talks JSON to the Letterhead server on this origin. The session cookie
 * travels with every request (same origin), and the browser sends the page's
 * Origin, which the server checks on every change. Answers are parsed with
 * the contract's schemas; anything else is the server's error, never data.
 */
export function createApiClient({
  fetch = (...args) => globalThis.fetch(...args),
  online = () => navigator.onLine,
  timeoutMs = DEFAULT_TIMEOUT_MS,
}: ApiClientOptions = {}): ApiClient {
  async function answer(
    path: string,
    { method = 'GET', body, offline = 'NEEDS_CONNECTION', headers = {} }: RequestOptions,
  ): Promise<Response> {
    if (!online()) throw new AppError(offline)
    let response: Response
    try {
      response = await fetch(path, {
        method,
        credentials: 'same-origin',
        cache: 'no-store',
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch {
      // The network went away while asking, or the server never answered.
      throw new AppError(online() ? 'SERVER_UNREACHABLE' : offline)
    }
    if (!response.ok) throw await refusal(response)
    return response
  }

  return {
    async json(path, schema, options = {}) {
      const response = await answer(path, options)
      const parsed = schema.safeParse(await response.json().catch(() => undefined))
      if (!parsed.success) throw new ApiError(response.status, 'SERVER_ERROR')
      return parsed.data
    },
    async send(path, options = {}) {
      await answer(path, options)
    },
  }
}
