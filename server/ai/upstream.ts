import { z } from '@/lib/zod'
import type { AiSettings } from '../config'
import { sseData } from './sse-reader'

/**
 * One chat completion from the configured OpenAI-compatible API, with Node's
 * fetch. Asks for a stream (`stream: true`; `data:` lines up to `[DONE]`) and
 * also reads a server that answers with one JSON completion instead. The key
 * goes only into the Authorization header; nothing the API says is passed on
 * or logged word for word, since providers echo parts of a wrong key.
 */

export type ChatMessage = { role: 'system' | 'user'; content: string }

export type UpstreamUsage = { tokensIn: number; tokensOut: number }

export type Completion = {
  text: string
  /** The API's own count of tokens, when it gave one. */
  usage: UpstreamUsage | undefined
}

export type UpstreamFailureKind = 'timeout' | 'failed' | 'cancelled'

/** Why no completion came; `message` is safe to show and to log. */
export class UpstreamFailure extends Error {
  override name = 'UpstreamFailure'
  constructor(
    readonly kind: UpstreamFailureKind,
    message: string,
    /** The API's HTTP status, when it answered with an error. */
    readonly status?: number,
  ) {
    super(message)
  }
}

export type CompletionRequest = {
  settings: AiSettings
  messages: ChatMessage[]
  /** Aborted when the browser goes away: the request to the API is aborted with it. */
  signal: AbortSignal
  /** Each piece of text as it arrives. */
  onText: (delta: string) => void
  /** Stops reading past this many characters: no letter is that long. */
  maxChars: number
  fetch?: typeof fetch
}

const usageSchema = z.object({
  prompt_tokens: z.number().int().nonnegative(),
  completion_tokens: z.number().int().nonnegative(),
})

const chunkSchema = z
  .object({
    choices: z
      .array(
        z.object({
          delta: z.object({ content: z.string().nullish() }).nullish(),
          // A whole completion, or a chunk from a server that ignores `stream: true`.
          message: z.object({ content: z.string().nullish() }).nullish(),
          finish_reason: z.string().nullish(),
        }),
      )
      .nullish(),
    usage: usageSchema.nullish(),
    error: z.unknown().optional(),
  })
  .refine(
    // Any JSON object would pass the optional fields; a completion says something.
    (chunk) => chunk.choices != null || chunk.usage != null || chunk.error != null,
  )

type Chunk = z.infer<typeof chunkSchema>

const STATUS_WORDS: Record<number, string> = {
  401: 'it did not accept the server’s key',
  403: 'it did not accept the server’s key',
  404: 'it does not know the configured model or address',
  408: 'it took too long',
  429: 'it is receiving too many requests',
}

/** What the browser is told when the API answered `status`. */
function statusMessage(status: number): string {
  const why = STATUS_WORDS[status] ?? (status >= 500 ? 'it failed' : 'it refused the request')
  return `The AI model could not write the letter: it answered ${status} (${why}). Please try again in a moment.`
}

/**
 * Asks the model for the letter within the two timeouts (its first text within
 * AI_FIRST_TOKEN_TIMEOUT_MS, all of it within AI_TIMEOUT_MS); `signal` aborts it.
 */
export async function completeChat(request: CompletionRequest): Promise<Completion> {
  const { settings, signal } = request
  const upstream = new AbortController()
  let timedOut: string | undefined
  const expire = (message: string) => {
    timedOut ??= message
    upstream.abort()
  }
  const total = setTimeout(
    () => expire(`The AI model did not finish the letter within ${seconds(settings.timeoutMs)}.`),
    settings.timeoutMs,
  )
  let first: NodeJS.Timeout | undefined = setTimeout(
    () =>
      expire(`The AI model did not start writing within ${seconds(settings.firstTokenTimeoutMs)}.`),
    settings.firstTokenTimeoutMs,
  )
  const cancel = () => upstream.abort()
  if (signal.aborted) cancel()
  signal.addEventListener('abort', cancel, { once: true })
  const onText = (delta: string) => {
    if (first !== undefined) {
      clearTimeout(first)
      first = undefined
    }
    request.onText(delta)
  }
  try {
    return await read({ ...request, onText }, upstream.signal)
  } catch (error) {
    if (timedOut !== undefined) throw new UpstreamFailure('timeout', timedOut)
    if (signal.aborted) throw new UpstreamFailure('cancelled', 'The browser went away.')
    if (error instanceof UpstreamFailure) throw error
    throw brokenOff()
  } finally {
    clearTimeout(total)
    clearTimeout(first)
    signal.removeEventListener('abort', cancel)
    // Whatever ended the attempt, nothing more is asked of the API.
    upstream.abort()
  }
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`

async function read(request: CompletionRequest, signal: AbortSignal): Promise<Completion> {
  const { settings } = request
  const fetchImpl = request.fetch ?? fetch
  let response: Response
  try {
    response = await fetchImpl(`${settings.baseUrl}/chat/completions`, {
      method: 'POST',
      signal,
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream, application/json',
        ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: settings.model,
        stream: true,
        // Servers that support it end the stream with the tokens used; the others ignore it.
        stream_options: { include_usage: true },
        messages: request.messages,
      }),
    })
  } catch (error) {
    if (signal.aborted) throw error
    throw new UpstreamFailure(
      'failed',
      'The Letterhead server could not reach its AI model. Please try again in a moment.',
    )
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined)
    throw new UpstreamFailure('failed', statusMessage(response.status), response.status)
  }
  if (!response.body) throw invalidReply()
  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false
  const events = isJson ? [await response.text()] : sseData(response.body)
  let text = ''
  let usage: UpstreamUsage | undefined
  // A stream ends with `[DONE]` or a finish reason; one that just stops was cut off.
  let finished = isJson
  let eventsRead = 0
  for await (const data of events) {
    eventsRead += 1
    if (data.trim() === '[DONE]') {
      finished = true
      break
    }
    const chunk = parseChunk(data)
    if (chunk.usage) {
      usage = { tokensIn: chunk.usage.prompt_tokens, tokensOut: chunk.usage.completion_tokens }
    }
    const choice = chunk.choices?.[0]
    const delta = choice?.delta?.content ?? choice?.message?.content ?? ''
    if (delta !== '') {
      text += delta
      if (text.length > request.maxChars) {
        throw new UpstreamFailure('failed', "The AI model's letter ran past the length limit.")
      }
      request.onText(delta)
    }
    if (choice?.finish_reason === 'length') {
      throw new UpstreamFailure('failed', 'The AI model stopped before the letter was finished.')
    }
    if (choice?.finish_reason) finished = true
  }
  // Nothing an event stream could hold (a web page at a wrong address): not a chat completion.
  if (eventsRead === 0) throw invalidReply()
  if (!finished) throw brokenOff()
  return { text, usage }
}

const brokenOff = () =>
  new UpstreamFailure(
    'failed',
    'The connection to the AI model broke off before the letter was finished. Please try again.',
  )

const invalidReply = () =>
  new UpstreamFailure('failed', 'The AI model sent a reply that is not a chat completion.')

function parseChunk(data: string): Chunk {
  let json: unknown
  try {
    json = JSON.parse(data)
  } catch {
    throw invalidReply()
  }
  const chunk = chunkSchema.safeParse(json)
  if (!chunk.success) throw invalidReply()
  if (chunk.data.error !== undefined && chunk.data.error !== null) {
    // A server that fails mid-stream sends an error object; its words may quote the key.
    throw new UpstreamFailure('failed', 'The AI model reported an error while writing the letter.')
  }
  return chunk.data
}
