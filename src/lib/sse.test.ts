import { describe, expect, it, vi } from 'vitest'
import { createSseEventParser, readSseEvents } from './sse'

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk))
      controller.close()
    },
  })
}

describe('createSseEventParser', () => {
  it('names each event by its `event:` line, and `message` when it has none', () => {
    const parser = createSseEventParser()
    expect(parser.push('event: queued\ndata: {"position":2}\n\ndata: plain\n\nevent: te')).toEqual([
      { event: 'queued', data: '{"position":2}' },
      { event: 'message', data: 'plain' },
    ])
    // The name of one event does not carry over to the next.
    expect(parser.push('xt\ndata: a\n\ndata: b\n\n')).toEqual([
      { event: 'text', data: 'a' },
      { event: 'message', data: 'b' },
    ])
  })

  it('hands out no event for a name without data, or for comments', () => {
    const parser = createSseEventParser()
    expect(parser.push(': ping\n\nevent: started\n\n')).toEqual([])
    expect(parser.end()).toEqual([])
  })
})

describe('readSseEvents', () => {
  it('yields events split across chunks, and hears every chunk, comments included', async () => {
    const onChunk = vi.fn()
    const events = []
    const body = streamOf([': ping\n\n', 'event: done\nda', 'ta: {"text":"ok"}\n', '\n'])
    for await (const event of readSseEvents(body, onChunk)) events.push(event)
    expect(events).toEqual([{ event: 'done', data: '{"text":"ok"}' }])
    expect(onChunk).toHaveBeenCalledTimes(4)
  })
})
