import { describe, expect, it, vi } from 'vitest'
import { AppError } from '@/domain/errors'
import { composeLetter } from './built-in-composer'
import type { LetterRequest } from './letter-generator'
import { isLoopbackUrl } from './endpoint-request'
import { createOpenAiCompatibleGenerator, type Sleep, testConnection } from './openai-compatible'

const REQUEST: LetterRequest = {
  type: 'Legal Notice',
  senderName: 'Jane Whitfield',
  senderAddress: '12 Oak Street',
  recipientName: 'Acme Widgets LLC',
  recipientAddress: '500 Market Street',
  matter: 'Unpaid invoice #1042',
  resolution: 'Pay the balance.',
}
const DATE = new Date(2026, 10, 22)
const LETTER = composeLetter(REQUEST, DATE)

const encoder = new TextEncoder()
const delta = (content: string) => JSON.stringify({ choices: [{ delta: { content } }] })

/** A streamed reply, cut into uneven chunks so events arrive split across reads. */
function streamed(pieces: string[], init: ResponseInit = {}): Response {
  const text = [...pieces.map(delta), '[DONE]'].map((data) => `data: ${data}\n\n`).join('')
  const chunks = text.match(/[\s\S]{1,7}/g) ?? []
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk))
      controller.close()
    },
  })
  return new Response(body, { headers: { 'Content-Type': 'text/event-stream' }, ...init })
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** A fake fetch that answers each call with the next reply, and records what it was asked. */
function fakeFetch(...replies: Array<Response | Error | ((init?: RequestInit) => Response)>) {
  return vi.fn<typeof fetch>((_input, init) => {
    const reply = replies.shift()
    if (reply === undefined) return Promise.reject(new Error('unexpected call'))
    if (reply instanceof Error) return Promise.reject(reply)
    return Promise.resolve(typeof reply === 'function' ? reply(init) : reply)
  })
}

function setup(...replies: Parameters<typeof fakeFetch>) {
  const fetch = fakeFetch(...replies)
  const sleep = vi.fn<Sleep>(() => Promise.resolve())
  const generator = createOpenAiCompatibleGenerator({
    baseUrl: 'https://llm.example.com/v1/',
    model: 'letter-model',
    apiKey: ' sk-test ',
    fetch,
    sleep,
  })
  return { fetch, sleep, generator }
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure')
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(AppError)
      expect(error).toMatchObject({ code: 'GENERATION_FAILED' })
      return error instanceof Error ? error.message : ''
    },
  )

describe('createOpenAiCompatibleGenerator', () => {
  it('streams the letter from the chat completions endpoint', async () => {
    const { fetch, generator } = setup(
      // Token-sized pieces, with the blank space a model often puts around its answer.
      streamed(['\n  ', ...(LETTER.match(/[\s\S]{1,4}/g) ?? []), '\n']),
    )
    expect(generator.id).toBe('openai-compatible:letter-model')
    await expect(generator.generate(REQUEST, { date: DATE })).resolves.toBe(LETTER)

    const [url, init] = fetch.mock.calls[0] ?? []
    expect(url).toBe('https://llm.example.com/v1/chat/completions')
    expect(init?.method).toBe('POST')
    expect(init?.headers).toMatchObject({
      Authorization: 'Bearer sk-test',
      'Content-Type': 'application/json',
    })
    expect(typeof init?.body).toBe('string')
    const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}')
    expect(body).toMatchObject({ model: 'letter-model', stream: true })
    expect(body.messages).toHaveLength(2)
    expect(body.messages[1].content).toContain('"matter": "Unpaid invoice #1042"')
  })

  it('sends no Authorization header when no key is set', async () => {
    const fetch = fakeFetch(streamed([LETTER]))
    const generator = createOpenAiCompatibleGenerator({
      baseUrl: 'http://localhost:11434/v1',
      model: 'm',
      fetch,
    })
    await generator.generate(REQUEST, { date: DATE })
    expect(fetch.mock.calls[0]?.[1]?.headers).not.toHaveProperty('Authorization')
  })

  it('accepts a whole reply from a server that does not stream', async () => {
    const { generator } = setup(json({ choices: [{ message: { content: LETTER } }] }))
    await expect(generator.generate(REQUEST, { date: DATE })).resolves.toBe(LETTER)
  })

  it('does not retry a 401 and says what the endpoint said', async () => {
    const { fetch, sleep, generator } = setup(
      json({ error: { message: 'Incorrect API key provided.' } }, 401),
    )
    const message = await failure(generator.generate(REQUEST, { date: DATE }))
    expect(message).toBe(
      'The AI endpoint answered HTTP 401: Incorrect API key provided. Check the API Key.',
    )
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(sleep).not.toHaveBeenCalled()
  })

  it('retries a 503 once, after the first backoff delay', async () => {
    const { fetch, sleep, generator } = setup(
      new Response('upstream busy', { status: 503 }),
      streamed([LETTER]),
    )
    await expect(generator.generate(REQUEST, { date: DATE })).resolves.toBe(LETTER)
    expect(fetch).toHaveBeenCalledTimes(2)
    expect(sleep).toHaveBeenCalledExactlyOnceWith(1000, undefined)
  })

  it('gives up after one retry of a network error, and says the endpoint was unreachable', async () => {
    const { fetch, generator } = setup(
      new TypeError('Failed to fetch'),
      new TypeError('Failed to fetch'),
    )
    const message = await failure(generator.generate(REQUEST, { date: DATE }))
    expect(message).toMatch(
      /^Could not reach the AI endpoint at https:\/\/llm\.example\.com\/v1\/chat\/completions\./,
    )
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it('gives up after two 429s with the status in the reason', async () => {
    const { fetch, generator } = setup(
      json({ error: 'slow down' }, 429),
      json({ error: 'slow down' }, 429),
    )
    expect(await failure(generator.generate(REQUEST, { date: DATE }))).toBe(
      'The AI endpoint answered HTTP 429: slow down',
    )
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it.each([
    ['a placeholder', [`${LETTER}\n\nSincerely,\n\n[Your Name]`], /placeholder "\[Your Name\]"/],
    ['an empty answer', ['  ', '\n'], /empty answer/],
    ['a letter without the deadline', [LETTER.replace('December 22, 2026', 'soon')], /deadline/],
  ])('refuses %s, asking once more first', async (_name, pieces, reason) => {
    const { fetch, generator } = setup(streamed(pieces), streamed(pieces))
    expect(await failure(generator.generate(REQUEST, { date: DATE }))).toMatch(reason)
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it('hands back plain text when the model answers in Markdown', async () => {
    const markdown = LETTER.replace('Re: ', '**Re:** ').replace('Sincerely,', '_Sincerely,_')
    const { generator } = setup(streamed([`\`\`\`\n${markdown}\n\`\`\``]))
    await expect(generator.generate(REQUEST, { date: DATE })).resolves.toBe(LETTER)
  })

  it('reports the text so far after every streamed piece, starting afresh on a retry', async () => {
    const { generator } = setup(
      new Response('busy', { status: 503 }),
      streamed(['Jane ', LETTER.slice(5)]),
    )
    const seen: string[] = []
    await generator.generate(REQUEST, { date: DATE, onText: (text) => seen.push(text) })
    expect(seen).toEqual(['', '', 'Jane ', LETTER])
  })

  it('reports an error the server sends inside the stream, and a letter cut off by the token limit', async () => {
    const inStream = (data: string) =>
      new Response(`data: ${delta('Dear')}\n\ndata: ${data}\n\n`, {
        headers: { 'Content-Type': 'text/event-stream' },
      })
    const overloaded = () => inStream('{"error":{"message":"model overloaded"}}')
    const cutOff = () => inStream('{"choices":[{"delta":{},"finish_reason":"length"}]}')
    const { generator } = setup(overloaded(), overloaded(), cutOff(), cutOff())
    expect(await failure(generator.generate(REQUEST, { date: DATE }))).toBe(
      'The AI endpoint reported: model overloaded',
    )
    expect(await failure(generator.generate(REQUEST, { date: DATE }))).toMatch(
      /stopped before the letter was finished/,
    )
  })

  it('stops when the signal aborts mid-stream, without retrying', async () => {
    const controller = new AbortController()
    const hanging = (init?: RequestInit) =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(stream) {
            stream.enqueue(encoder.encode(`data: ${delta('Jane')}\n\n`))
            init?.signal?.addEventListener('abort', () =>
              stream.error(new DOMException('aborted', 'AbortError')),
            )
            setTimeout(() => controller.abort(), 5)
          },
        }),
      )
    const { fetch, sleep, generator } = setup(hanging)
    const message = await failure(
      generator.generate(REQUEST, { date: DATE, signal: controller.signal }),
    )
    expect(message).toBe('The request to the AI endpoint was cancelled.')
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(sleep).not.toHaveBeenCalled()
  })

  it('does not call the endpoint when already cancelled', async () => {
    const { fetch, generator } = setup(streamed([LETTER]))
    await failure(generator.generate(REQUEST, { date: DATE, signal: AbortSignal.abort() }))
    expect(fetch).not.toHaveBeenCalled()
  })

  it('gives up on an endpoint that goes silent, and tries once more', async () => {
    // Like fetch, the body fails once the request's signal aborts.
    const silent = (init?: RequestInit) =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(stream) {
            init?.signal?.addEventListener('abort', () => stream.error(init.signal?.reason))
          },
        }),
      )
    const fetch = fakeFetch(silent, silent)
    const generator = createOpenAiCompatibleGenerator({
      baseUrl: 'https://llm.example.com/v1',
      model: 'm',
      fetch,
      sleep: () => Promise.resolve(),
      idleTimeoutMs: 20,
    })
    expect(await failure(generator.generate(REQUEST, { date: DATE }))).toMatch(/did not answer for/)
    expect(fetch).toHaveBeenCalledTimes(2)
  })
})

describe('testConnection', () => {
  const settings = { baseUrl: 'https://llm.example.com/v1/', apiKey: 'sk-test' }

  it('lists the models the endpoint offers', async () => {
    const fetch = fakeFetch(json({ data: [{ id: 'gpt-a' }, { id: 'gpt-b' }] }))
    await expect(testConnection(settings, fetch)).resolves.toEqual({
      ok: true,
      models: ['gpt-a', 'gpt-b'],
    })
    const [url, init] = fetch.mock.calls[0] ?? []
    expect(url).toBe('https://llm.example.com/v1/models')
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer sk-test' })
  })

  it('says why a rejected key failed, without retrying', async () => {
    const fetch = fakeFetch(json({ error: { message: 'Invalid key' } }, 401))
    await expect(testConnection(settings, fetch)).resolves.toEqual({
      ok: false,
      message: 'The AI endpoint answered HTTP 401: Invalid key Check the API Key.',
    })
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('retries an unreachable endpoint three times with growing delays', async () => {
    const fetch = fakeFetch(...Array.from({ length: 4 }, () => new TypeError('Failed to fetch')))
    const sleep = vi.fn<Sleep>(() => Promise.resolve())
    const result = await testConnection(settings, fetch, { sleep })
    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/^Could not reach/) })
    expect(fetch).toHaveBeenCalledTimes(4)
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([1000, 2000, 4000])
  })

  it('recovers when a retry succeeds, and accepts an endpoint without a model list', async () => {
    const fetch = fakeFetch(new Response('', { status: 502 }), new Response('ok'))
    await expect(
      testConnection(settings, fetch, { sleep: () => Promise.resolve() }),
    ).resolves.toEqual({ ok: true })
  })
})

describe('isLoopbackUrl', () => {
  it.each([
    ['http://localhost:11434/v1', true],
    ['http://127.0.0.1:8080/v1', true],
    ['http://127.1.2.3:1234/v1', true],
    ['http://[::1]:1234/v1', true],
    ['https://api.openai.com/v1', false],
    ['http://192.168.1.20:11434/v1', false],
    ['http://localhost.example.com/v1', false],
    ['not a url', false],
  ])('%s is on this machine: %s', (url, expected) => {
    expect(isLoopbackUrl(url)).toBe(expected)
  })
})
