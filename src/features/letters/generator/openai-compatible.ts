import { z } from '@/lib/zod'
import { AppError } from '@/domain/errors'
import { abortableSleep, RETRY_POLICY, type Sleep, withRetries } from '@/lib/retry'
import type { LetterGenerator } from './letter-generator'
import { buildLetterPrompt } from './letter-prompt'
import { cleanModelOutput, MAX_LETTER_CHARS, outputProblem } from './output-guard'
import { errorDetail, parseCompletionEvent, readSseData } from './sse'

export type { Sleep } from '@/lib/retry'

export type EndpointSettings = { baseUrl: string; apiKey?: string }

export type OpenAiCompatibleOptions = EndpointSettings & {
  model: string
  fetch?: typeof fetch
  sleep?: Sleep
  /** How long the endpoint may stay silent (no headers, no tokens) before an attempt is given up. */
  idleTimeoutMs?: number
}

export type ConnectionResult = { ok: true; models?: string[] } | { ok: false; message: string }

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
const refusedRequest = (error: unknown) =>
  error instanceof EndpointError &&
  error.httpStatus !== undefined &&
  error.httpStatus >= 400 &&
  error.httpStatus < 500 &&
  error.httpStatus !== 408 &&
  error.httpStatus !== 429

const IDLE_TIMEOUT_MS = 60_000

const modelList = z.object({ data: z.array(z.object({ id: z.string() })) })

// The browser's fetch must be called unbound from any object we keep it on.
const browserFetch: typeof fetch = (input, init) => globalThis.fetch(input, init)

/** A server on this machine (Ollama, llama.cpp, LM Studio) answers even when the device is offline. */
export function isLoopbackUrl(baseUrl: string): boolean {
  try {
    const host = new URL(baseUrl).hostname
    return host === 'localhost' || host === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(host)
  } catch {
    return false
  }
}

const endpoint = (baseUrl: string, path: string) => `${baseUrl.trim().replace(/\/+$/, '')}${path}`

function headers(apiKey: string | undefined, accept: string): Record<string, string> {
  const key = apiKey?.trim()
  return { Accept: accept, ...(key ? { Authorization: `Bearer ${key}` } : {}) }
}

async function httpFailure(response: Response): Promise<EndpointError> {
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
async function attempt<T>(
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

/** Past this much raw text a reply cannot clean down to a letter within the limit, so reading stops. */
const MAX_RAW_CHARS = MAX_LETTER_CHARS * 2

/**
 * The letter's text from a streamed reply, or from a whole one when the server
 * does not stream; `onText` sees the text so far after every piece.
 */
async function readCompletion(
  response: Response,
  touch: () => void,
  onText: (text: string) => void,
): Promise<string> {
  if (!response.body) throw new EndpointError('The AI endpoint sent an empty response.')
  let text = ''
  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false
  const events = isJson ? [await response.text()] : readSseData(response.body)
  for await (const data of events) {
    touch()
    const event = parseCompletionEvent(data)
    if (event.kind === 'invalid')
      throw new EndpointError('The AI endpoint sent a reply that is not a chat completion.')
    if (event.kind === 'error')
      throw new EndpointError(`The AI endpoint reported: ${event.message}`)
    if (event.text !== '') {
      text += event.text
      if (text.length > MAX_RAW_CHARS)
        throw new EndpointError("The AI model's letter ran past the length limit.")
      onText(text)
    }
    if (event.truncated)
      throw new EndpointError('The AI model stopped before the letter was finished.')
  }
  return text
}

/**
 * Writes letters with any server that speaks the OpenAI chat completions API.
 * A failed request or a letter the output guard refuses is tried once more
 * (the mutation policy); a cancelled request, or one the endpoint refused
 * outright (a wrong key, address or model), is not.
 */
export function createOpenAiCompatibleGenerator(options: OpenAiCompatibleOptions): LetterGenerator {
  const fetchImpl = options.fetch ?? browserFetch
  const sleep = options.sleep ?? abortableSleep
  const idleMs = options.idleTimeoutMs ?? IDLE_TIMEOUT_MS
  const url = endpoint(options.baseUrl, '/chat/completions')
  const retries = {
    retries: RETRY_POLICY.mutationRetries,
    retryable: (error: unknown) => !refusedRequest(error),
    sleep,
  }
  return {
    id: `openai-compatible:${options.model}`,
    needsNetwork: !isLoopbackUrl(options.baseUrl),
    generate: (request, { date, signal, onText = () => undefined }) =>
      withRetries({ ...retries, signal }, () =>
        attempt(url, signal, idleMs, async (attemptSignal, touch) => {
          onText('')
          const response = await fetchImpl(url, {
            method: 'POST',
            signal: attemptSignal,
            headers: {
              ...headers(options.apiKey, 'text/event-stream'),
              'Content-Type': 'application/json',
            },
            body: JSON.stringify({
              model: options.model,
              stream: true,
              messages: buildLetterPrompt(request, date),
            }),
          })
          if (!response.ok) throw await httpFailure(response)
          touch()
          const text = await readCompletion(response, touch, onText).catch((error: unknown) => {
            if (error instanceof EndpointError) throw error
            throw new EndpointError(
              'The connection to the AI endpoint broke off before the letter was finished.',
              true,
            )
          })
          const letter = cleanModelOutput(text, request)
          const problem = outputProblem(letter, request, date)
          if (problem) throw new EndpointError(problem)
          return letter
        }),
      ),
  }
}

const retryable = (error: unknown) => error instanceof EndpointError && error.retryable

/** Asks the endpoint for its models: proof that the address and the key work. */
export async function testConnection(
  settings: EndpointSettings,
  fetchImpl: typeof fetch = browserFetch,
  options: { sleep?: Sleep; signal?: AbortSignal; idleTimeoutMs?: number } = {},
): Promise<ConnectionResult> {
  const url = endpoint(settings.baseUrl, '/models')
  const { signal, sleep = abortableSleep, idleTimeoutMs = IDLE_TIMEOUT_MS } = options
  try {
    return await withRetries({ retries: RETRY_POLICY.queryRetries, retryable, sleep, signal }, () =>
      attempt(url, signal, idleTimeoutMs, async (attemptSignal) => {
        const response = await fetchImpl(url, {
          signal: attemptSignal,
          headers: headers(settings.apiKey, 'application/json'),
        })
        if (!response.ok) throw await httpFailure(response)
        const body: unknown = await response.json().catch(() => undefined)
        const list = modelList.safeParse(body)
        return list.success ? { ok: true, models: list.data.data.map((m) => m.id) } : { ok: true }
      }),
    )
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) }
  }
}
