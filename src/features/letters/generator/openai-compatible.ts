import { z } from '@/lib/zod'
import { abortableSleep, RETRY_POLICY, type Sleep, withRetries } from '@/lib/retry'
import {
  attempt,
  browserFetch,
  endpoint,
  EndpointError,
  type EndpointSettings,
  headers,
  httpFailure,
  IDLE_TIMEOUT_MS,
  isLoopbackUrl,
  refusedRequest,
} from './endpoint-request'
import type { LetterGenerator } from './letter-generator'
import { buildLetterPrompt } from '@/domain/letter-writing/prompt'
import {
  cleanModelOutput,
  MAX_LETTER_CHARS,
  outputProblem,
} from '@/domain/letter-writing/output-guard'
import { parseCompletionEvent, readSseData } from './sse'
import { errorMessage } from '@/lib/error-message'

export type { Sleep } from '@/lib/retry'

export type OpenAiCompatibleOptions = EndpointSettings & {
  model: string
  fetch?: typeof fetch
  sleep?: Sleep
  /** How long the endpoint may stay silent (no headers, no tokens) before an attempt is given up. */
  idleTimeoutMs?: number
}

export type ConnectionResult = { ok: true; models?: string[] } | { ok: false; message: string }

const modelList = z.object({ data: z.array(z.object({ id: z.string() })) })

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
    return { ok: false, message: errorMessage(error) }
  }
}
