import { describe, expect, it } from 'vitest'
import { sseData } from './sse-reader'

/** A body that arrives in the given pieces, as a network delivers it. */
function body(...pieces: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces)
        controller.enqueue(typeof piece === 'string' ? encoder.encode(piece) : piece)
      controller.close()
    },
  })
}

async function collect(stream: ReadableStream<Uint8Array>): Promise<string[]> {
  const events: string[] = []
  for await (const data of sseData(stream)) events.push(data)
  return events
}

describe('sseData', () => {
  it('hands out each event at its blank line, skipping comments and other fields', async () => {
    expect(
      await collect(body(': keep-alive\n\n', 'event: x\nid: 1\ndata: one\n\n', 'data:two\n\n')),
    ).toEqual(['one', 'two'])
  })

  it('joins the data lines of one event with line breaks', async () => {
    expect(await collect(body('data: a\ndata: b\n\n'))).toEqual(['a\nb'])
  })

  it('reads lines and characters split anywhere, and \\r\\n split between pieces', async () => {
    const text = 'data: {"text":"Grüße ✓"}\r\n\r\ndata: end\r\n\r\n'
    const bytes = new TextEncoder().encode(text)
    const pieces = Array.from(bytes, (byte) => new Uint8Array([byte]))
    expect(await collect(body(...pieces))).toEqual(['{"text":"Grüße ✓"}', 'end'])
  })

  it('takes a lone \\r as a line end', async () => {
    expect(await collect(body('data: a\r\rdata: b\r', '\r'))).toEqual(['a', 'b'])
  })

  it('keeps a last event the stream ended without a blank line after', async () => {
    expect(await collect(body('data: one\n\ndata: last'))).toEqual(['one', 'last'])
  })

  it('skips a blank line with no data before it', async () => {
    expect(await collect(body('\n\n: ping\n\n\ndata: x\n\n'))).toEqual(['x'])
  })

  it('stops reading the body when the caller leaves early', async () => {
    let cancelled = false
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode('data: more\n\n'))
      },
      cancel() {
        cancelled = true
      },
    })
    for await (const data of sseData(stream)) {
      expect(data).toBe('more')
      break
    }
    expect(cancelled).toBe(true)
  })
})
