import { z } from '@/lib/zod'

/**
 * A Server-Sent Events reader for streamed chat completions. Network chunks
 * end anywhere (mid-line, mid-character, between `\r` and `\n`), so text is
 * buffered until a line is whole and an event is only handed out at the blank
 * line that ends it, as the EventSource standard says.
 */

/** The `data` payload that ends an OpenAI-style stream. */
export const SSE_DONE = '[DONE]'

export type SseParser = {
  /** Feeds decoded text; returns the data of every event it completed. */
  push(text: string): string[]
  /** The stream ended: returns the data of an event left without its closing blank line. */
  end(): string[]
}

export function createSseParser(): SseParser {
  let pending = ''
  let data: string[] = []
  let hasData = false

  function dispatch(into: string[]) {
    if (hasData) into.push(data.join('\n'))
    data = []
    hasData = false
  }

  function readLine(line: string, into: string[]) {
    if (line === '') return dispatch(into)
    // Lines starting with a colon are comments, often sent as keep-alives.
    if (line.startsWith(':')) return
    const colon = line.indexOf(':')
    const field = colon === -1 ? line : line.slice(0, colon)
    if (field !== 'data') return
    const value = colon === -1 ? '' : line.slice(colon + 1)
    data.push(value.startsWith(' ') ? value.slice(1) : value)
    hasData = true
  }

  function consume(text: string, final: boolean): string[] {
    const events: string[] = []
    let buffer = pending + text
    // A trailing `\r` may be the first half of `\r\n`; wait for the next chunk to know.
    const heldCr = !final && buffer.endsWith('\r')
    if (heldCr) buffer = buffer.slice(0, -1)
    const lines = buffer.split(/\r\n|\r|\n/)
    pending = (lines.pop() ?? '') + (heldCr ? '\r' : '')
    for (const line of lines) readLine(line, events)
    if (final) {
      if (pending !== '') readLine(pending, events)
      pending = ''
      dispatch(events)
    }
    return events
  }

  return {
    push: (text) => consume(text, false),
    end: () => consume('', true),
  }
}

/**
 * Yields the data of each event in `body` until `[DONE]` or the end of the
 * stream. A stream that breaks off rejects with the reader's error.
 */
export async function* readSseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  const parser = createSseParser()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      const events = done
        ? parser.push(decoder.decode()).concat(parser.end())
        : parser.push(decoder.decode(value, { stream: true }))
      for (const event of events) {
        if (event === SSE_DONE) return
        yield event
      }
      if (done) return
    }
  } finally {
    // Stops the download when the caller leaves early ([DONE], a bad event, an abort).
    await reader.cancel().catch(() => undefined)
    reader.releaseLock()
  }
}

const errorBody = z.union([
  z.object({ error: z.union([z.string(), z.object({ message: z.string() })]) }),
  z.object({ message: z.string() }),
  z.object({ detail: z.string() }),
])

const completionChunk = z.object({
  choices: z
    .array(
      z.object({
        delta: z.object({ content: z.string().nullish() }).nullish(),
        // Present instead of `delta` when a server ignores `stream: true` and answers whole.
        message: z.object({ content: z.string().nullish() }).nullish(),
        finish_reason: z.string().nullish(),
      }),
    )
    .nullish(),
})

/** The reason an error body gives, in any of the shapes OpenAI-compatible servers use. */
export function errorDetail(json: unknown): string | undefined {
  const body = errorBody.safeParse(json)
  if (!body.success) return undefined
  const b = body.data
  if ('error' in b) return typeof b.error === 'string' ? b.error : b.error.message
  return 'message' in b ? b.message : b.detail
}

export type CompletionEvent =
  | { kind: 'text'; text: string; truncated: boolean }
  | { kind: 'error'; message: string }
  | { kind: 'invalid' }

/** Reads one event of a chat completion: its piece of text, or the error a server sent mid-stream. */
export function parseCompletionEvent(data: string): CompletionEvent {
  let json: unknown
  try {
    json = JSON.parse(data)
  } catch {
    return { kind: 'invalid' }
  }
  if (typeof json === 'object' && json !== null && 'error' in json) {
    const message = errorDetail(json)
    if (message !== undefined) return { kind: 'error', message }
  }
  const chunk = completionChunk.safeParse(json)
  if (!chunk.success) return { kind: 'invalid' }
  const choice = chunk.data.choices?.[0]
  return {
    kind: 'text',
    text: choice?.delta?.content ?? choice?.message?.content ?? '',
    truncated: choice?.finish_reason === 'length',
  }
}
