import { describe, expect, it } from 'vitest'
import { createSseParser, errorDetail, parseCompletionEvent, readSseData } from './sse'

const feed = (chunks: string[]) => {
  const parser = createSseParser()
  return [...chunks.flatMap((chunk) => parser.push(chunk)), ...parser.end()]
}

function streamOf(chunks: Array<string | Uint8Array>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks)
        controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk)
      controller.close()
    },
  })
}

async function collect(body: ReadableStream<Uint8Array>) {
  const events: string[] = []
  for await (const data of readSseData(body)) events.push(data)
  return events
}

describe('createSseParser', () => {
  it('waits for the rest of a line split across chunks', () => {
    const parser = createSseParser()
    expect(parser.push('data: {"a"')).toEqual([])
    expect(parser.push(':1}\n')).toEqual([])
    expect(parser.push('\n')).toEqual(['{"a":1}'])
  })

  it('hands out every event of a chunk, in order', () => {
    expect(feed(['data: one\n\ndata: two\n\ndata: three\n\n'])).toEqual(['one', 'two', 'three'])
  })

  it('skips comments and keep-alives, and fields other than data', () => {
    expect(
      feed([': keep-alive\n\n', 'event: message\nid: 7\nretry: 10\ndata: hi\n\n', ':\n\n']),
    ).toEqual(['hi'])
  })

  it('accepts CRLF and CR line ends, even when CR and LF arrive apart', () => {
    expect(feed(['data: a\r', '\n\r', '\ndata: b\r\rdata: c\n\n'])).toEqual(['a', 'b', 'c'])
  })

  it('joins the lines of a multi-line event and keeps spaces after the first', () => {
    expect(feed(['data: first\ndata:  second\ndata\n\n'])).toEqual(['first\n second\n'])
  })

  it('delivers an event the stream ended without a blank line after', () => {
    expect(feed(['data: [DONE]'])).toEqual(['[DONE]'])
  })
})

describe('readSseData', () => {
  it('stops at [DONE] and ignores anything after it', async () => {
    const body = streamOf(['data: one\n\ndata: [DONE]\n\n', 'data: never\n\n'])
    expect(await collect(body)).toEqual(['one'])
  })

  it('decodes a character split between two chunks', async () => {
    const bytes = new TextEncoder().encode('data: Żółć\n\n')
    expect(await collect(streamOf([bytes.slice(0, 7), bytes.slice(7)]))).toEqual(['Żółć'])
  })

  it('passes on an error that breaks the stream', async () => {
    let sent = false
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(new TypeError('network error'))
        sent = true
        controller.enqueue(new TextEncoder().encode('data: partial\n\n'))
      },
    })
    const seen: string[] = []
    await expect(async () => {
      for await (const data of readSseData(body)) seen.push(data)
    }).rejects.toThrow('network error')
    expect(seen).toEqual(['partial'])
  })
})

describe('parseCompletionEvent', () => {
  it('reads the streamed piece of text, or the whole message of an unstreamed reply', () => {
    expect(parseCompletionEvent('{"choices":[{"delta":{"content":"Dear"}}]}')).toEqual({
      kind: 'text',
      text: 'Dear',
      truncated: false,
    })
    expect(parseCompletionEvent('{"choices":[{"message":{"content":"All"}}]}')).toMatchObject({
      text: 'All',
    })
    expect(parseCompletionEvent('{"choices":[{"delta":{"role":"assistant"}}]}')).toMatchObject({
      text: '',
    })
    expect(
      parseCompletionEvent('{"choices":[{"delta":{},"finish_reason":"length"}]}'),
    ).toMatchObject({ truncated: true })
  })

  it('reports an error sent inside the stream, and anything that is not JSON', () => {
    expect(parseCompletionEvent('{"error":{"message":"model overloaded"}}')).toEqual({
      kind: 'error',
      message: 'model overloaded',
    })
    expect(parseCompletionEvent('not json')).toEqual({ kind: 'invalid' })
    expect(parseCompletionEvent('{"choices":"nope"}')).toEqual({ kind: 'invalid' })
  })
})

describe('errorDetail', () => {
  it('finds the reason in the shapes servers use', () => {
    expect(errorDetail({ error: { message: 'Invalid API key', code: 'x' } })).toBe(
      'Invalid API key',
    )
    expect(errorDetail({ error: 'Unauthorized' })).toBe('Unauthorized')
    expect(errorDetail({ detail: 'Not found' })).toBe('Not found')
    expect(errorDetail({ nothing: true })).toBeUndefined()
  })
})
