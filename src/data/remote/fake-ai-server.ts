import type { AiEvent } from '@/domain/ai-api'
import { errorBody } from '@/domain/api'
import type { ErrorCode } from '@/domain/errors'

/**
 * For tests: the Letterhead server's `POST /api/ai/generate` as a fetch. Each
 * call takes the next answer; a stream answer is a real `text/event-stream`
 * body the test writes event by event, errored as a browser's is when the
 * request is aborted. `calls` records each request's body and signal.
 */

const encoder = new TextEncoder()

/** One server-sent event as the server writes it (server/ai/event-stream.ts). */
export const sseEvent = ({ event, data }: AiEvent) =>
  `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`

export type LiveStream = {
  send(event: AiEvent): void
  /** Text as it is, split anywhere: a comment, half an event. */
  write(text: string): void
  end(): void
  /** The connection drops mid-stream. */
  breakOff(): void
  /** Whether the reader went away (an abort, or it stopped reading). */
  readonly closed: boolean
}

export type FakeAiAnswer =
  | { kind: 'stream'; events?: readonly AiEvent[]; live?: (stream: LiveStream) => void }
  | { kind: 'refuse'; status: number; code: ErrorCode; message?: string; retryAfter?: string }
  | { kind: 'network-error' }

export type FakeAiCall = { path: string; body: unknown; signal: AbortSignal | undefined }

function streamResponse(answer: FakeAiAnswer & { kind: 'stream' }, signal?: AbortSignal): Response {
  let closed = false
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c
    },
    cancel() {
      closed = true
    },
  })
  const live: LiveStream = {
    send: (event) => live.write(sseEvent(event)),
    write: (text) => {
      if (!closed) controller?.enqueue(encoder.encode(text))
    },
    end: () => {
      if (!closed) controller?.close()
      closed = true
    },
    breakOff: () => {
      if (!closed) controller?.error(new TypeError('network error'))
      closed = true
    },
    get closed() {
      return closed
    },
  }
  signal?.addEventListener('abort', () => {
    if (!closed) controller?.error(new DOMException('The operation was aborted.', 'AbortError'))
    closed = true
  })
  for (const event of answer.events ?? []) live.send(event)
  if (answer.live) answer.live(live)
  else live.end()
  return new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } })
}

export function fakeAiServer(...answers: FakeAiAnswer[]) {
  const calls: FakeAiCall[] = []
  const fetch: typeof globalThis.fetch = (input, init) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    calls.push({ path, body, signal: init?.signal ?? undefined })
    const answer = answers.shift()
    if (!answer) return Promise.reject(new Error(`unexpected request to ${path}`))
    if (answer.kind === 'network-error') return Promise.reject(new TypeError('Failed to fetch'))
    if (answer.kind === 'refuse') {
      const { status, code, message, retryAfter } = answer
      return Promise.resolve(
        new Response(JSON.stringify(errorBody(code, message)), {
          status,
          headers: {
            'content-type': 'application/json',
            ...(retryAfter ? { 'retry-after': retryAfter } : {}),
          },
        }),
      )
    }
    return Promise.resolve(streamResponse(answer, init?.signal ?? undefined))
  }
  return { fetch, calls, answer: (...more: FakeAiAnswer[]) => answers.push(...more) }
}

/** A letter's whole stream: its place in line, the start, the text in pieces, and `done`. */
export function letterEvents(text: string, model = 'letter-model'): AiEvent[] {
  const pieces = text.match(/[\s\S]{1,40}/g) ?? []
  return [
    { event: 'queued', data: { position: 1 } },
    { event: 'started', data: { model } },
    ...pieces.map((piece): AiEvent => ({ event: 'text', data: { text: piece } })),
    { event: 'done', data: { text, untraced: [], model } },
  ]
}
