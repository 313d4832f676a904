/**
 * A Server-Sent Events reader, shared by the engines that stream: a chat
 * completions endpoint and the Letterhead server's AI. Network chunks end
 * anywhere (mid-line, mid-character, between `\r` and `\n`), so text is
 * buffered until a line is whole and an event is only handed out at the blank
 * line that ends it, as the EventSource standard says.
 */

/** The `data` payload that ends an OpenAI-style stream. */
export const SSE_DONE = '[DONE]'

/** One event: its `event:` name (`message` when it has none) and its data lines joined. */
export type SseEvent = { event: string; data: string }

export type SseEventParser = {
  /** Feeds decoded text; returns every event it completed. */
  push(text: string): SseEvent[]
  /** The stream ended: returns an event left without its closing blank line. */
  end(): SseEvent[]
}

export type SseParser = {
  /** Feeds decoded text; returns the data of every event it completed. */
  push(text: string): string[]
  /** The stream ended: returns the data of an event left without its closing blank line. */
  end(): string[]
}

const DEFAULT_EVENT = 'message'

export function createSseEventParser(): SseEventParser {
  let pending = ''
  let data: string[] = []
  let hasData = false
  let name = DEFAULT_EVENT

  function dispatch(into: SseEvent[]) {
    if (hasData) into.push({ event: name, data: data.join('\n') })
    data = []
    hasData = false
    name = DEFAULT_EVENT
  }

  function readLine(line: string, into: SseEvent[]) {
    if (line === '') return dispatch(into)
    // Lines starting with a colon are comments, often sent as keep-alives.
    if (line.startsWith(':')) return
    const colon = line.indexOf(':')
    const field = colon === -1 ? line : line.slice(0, colon)
    const raw = colon === -1 ? '' : line.slice(colon + 1)
    const value = raw.startsWith(' ') ? raw.slice(1) : raw
    if (field === 'event') name = value === '' ? DEFAULT_EVENT : value
    if (field !== 'data') return
    data.push(value)
    hasData = true
  }

  function consume(text: string, final: boolean): SseEvent[] {
    const events: SseEvent[] = []
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

/** The same reader for streams whose events are told apart by their data alone. */
export function createSseParser(): SseParser {
  const parser = createSseEventParser()
  const dataOf = (events: SseEvent[]) => events.map((event) => event.data)
  return {
    push: (text) => dataOf(parser.push(text)),
    end: () => dataOf(parser.end()),
  }
}

/**
 * Yields each event in `body` until the stream ends. `onChunk` hears every
 * piece that arrives, comments (keep-alives) included, so a caller can tell a
 * quiet stream from a dead one. A stream that breaks off rejects with the
 * reader's error.
 */
export async function* readSseEvents(
  body: ReadableStream<Uint8Array>,
  onChunk: () => void = () => undefined,
): AsyncGenerator<SseEvent> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  const parser = createSseEventParser()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (!done) onChunk()
      const events = done
        ? parser.push(decoder.decode()).concat(parser.end())
        : parser.push(decoder.decode(value, { stream: true }))
      yield* events
      if (done) return
    }
  } finally {
    // Stops the download when the caller leaves early (the last event, a bad event, an abort).
    await reader.cancel().catch(() => undefined)
    reader.releaseLock()
  }
}

/**
 * Yields the data of each event in `body` until `[DONE]` or the end of the
 * stream. A stream that breaks off rejects with the reader's error.
 */
export async function* readSseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  for await (const { data } of readSseEvents(body)) {
    if (data === SSE_DONE) return
    yield data
  }
}
