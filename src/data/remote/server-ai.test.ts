import 'fake-indexeddb/auto'
import { describe, expect, it, vi } from 'vitest'
import { AI_PATHS } from '@/domain/ai-api'
import { ERROR_MESSAGES } from '@/domain/errors'
import { openDatabase } from '../database'
import { SESSION_KEY } from '../dexie/context'
import type { AiProgress } from '../server-ai-repository'
import { fakeAiServer, letterEvents, type LiveStream } from './fake-ai-server'
import { createServerAi } from './server-ai'

const LETTER_ID = '7d3f0c6e-4a4b-4f7e-9d55-0a9f0c1b2c3d'
const REQUEST = { letterId: LETTER_ID, letterDate: '2026-11-22' }
const LETTER = 'Dear Charles Babbage,\n\nPlease pay the outstanding balance of $2,400.'

let counter = 0

async function setup(server: ReturnType<typeof fakeAiServer>, silenceLimitMs?: number) {
  const db = openDatabase(`letterhead-server-ai-${Date.now()}-${counter++}`)
  await db.session.put({ id: SESSION_KEY, userId: 'user-1', signedInAt: '2026-11-22T12:00:00Z' })
  const network = { online: true }
  const flushOutbox = vi.fn(() => Promise.resolve(true))
  const onSessionEnded = vi.fn()
  const ai = createServerAi({
    db,
    fetch: server.fetch,
    online: () => network.online,
    flushOutbox,
    onSessionEnded,
    ...(silenceLimitMs === undefined ? {} : { silenceLimitMs }),
  })
  return { ai, db, network, flushOutbox, onSessionEnded }
}

const nextTick = () => new Promise((resolve) => setTimeout(resolve, 5))

/** A stream the test writes as the server would; `stream()` once the request has arrived. */
function liveAnswer() {
  const held: { stream?: LiveStream } = {}
  return {
    answer: { kind: 'stream', live: (live: LiveStream) => void (held.stream = live) } as const,
    stream: (): LiveStream => {
      if (!held.stream) throw new Error('no request yet')
      return held.stream
    },
  }
}

describe("the server's AI, as this device reaches it", () => {
  it('pushes the letter first, then reads the stream: queued, started, text, done', async () => {
    const server = fakeAiServer({
      kind: 'stream',
      events: [{ event: 'queued', data: { position: 2 } }, ...letterEvents(LETTER)],
    })
    const { ai, flushOutbox } = await setup(server)
    const seen: AiProgress[] = []
    const written = await ai.write(REQUEST, { onProgress: (event) => seen.push(event) })

    expect(written).toEqual({ text: LETTER, untraced: [], model: 'letter-model' })
    expect(flushOutbox).toHaveBeenCalledTimes(1)
    expect(server.calls).toEqual([
      expect.objectContaining({ path: AI_PATHS.generate, body: REQUEST }),
    ])
    expect(seen.map((event) => event.event)).toEqual([
      'queued',
      'queued',
      'started',
      'text',
      'text',
    ])
    expect(seen.slice(0, 2).map((event) => event.data)).toEqual([{ position: 2 }, { position: 1 }])
    const streamed = seen.flatMap((event) => (event.event === 'text' ? [event.data.text] : []))
    expect(streamed.join('')).toBe(LETTER)
  })

  it('hands each event on as it arrives, whatever the chunks, comments included', async () => {
    const { answer, stream } = liveAnswer()
    const server = fakeAiServer(answer)
    const { ai } = await setup(server)
    const seen: AiProgress[] = []
    const writing = ai.write(REQUEST, { onProgress: (event) => seen.push(event) })
    await vi.waitFor(() => expect(server.calls).toHaveLength(1))
    stream().write(': ping\n\nevent: queued\ndata: {"posi')
    await nextTick()
    expect(seen).toEqual([])
    stream().write('tion":3}\n\n')
    await vi.waitFor(() => expect(seen).toEqual([{ event: 'queued', data: { position: 3 } }]))
    stream().write(
      'event: started\r\ndata: {"model":"m"}\r\n\r\nevent: text\ndata: {"text":"Dear"}\n\n',
    )
    await vi.waitFor(() => expect(seen).toHaveLength(3))
    stream().send({ event: 'done', data: { text: 'Dear Sir', untraced: ['$9'], model: 'm' } })
    await expect(writing).resolves.toEqual({ text: 'Dear Sir', untraced: ['$9'], model: 'm' })
  })

  it("rejects with the error event's code and words", async () => {
    const server = fakeAiServer({
      kind: 'stream',
      events: [
        { event: 'started', data: { model: 'letter-model' } },
        { event: 'text', data: { text: 'Dear' } },
        {
          event: 'error',
          data: { code: 'AI_UPSTREAM_FAILED', message: 'The AI model answered HTTP 500.' },
        },
      ],
    })
    const { ai } = await setup(server)
    await expect(ai.write(REQUEST)).rejects.toMatchObject({
      code: 'AI_UPSTREAM_FAILED',
      message: 'The AI model answered HTTP 500.',
    })
  })

  it('keeps the words of an error whose code this app does not know', async () => {
    const server = fakeAiServer({
      kind: 'stream',
      events: [{ event: 'error', data: { code: 'AI_NEW_KIND', message: 'Something new.' } }],
    })
    const { ai } = await setup(server)
    await expect(ai.write(REQUEST)).rejects.toMatchObject({
      code: 'SERVER_ERROR',
      message: 'Something new.',
    })
  })

  it("answers the server's refusals with their codes, such as the daily budget", async () => {
    const server = fakeAiServer({
      kind: 'refuse',
      status: 429,
      code: 'AI_BUDGET_EXHAUSTED',
      retryAfter: '3600',
    })
    const { ai } = await setup(server)
    await expect(ai.write(REQUEST)).rejects.toMatchObject({
      status: 429,
      code: 'AI_BUDGET_EXHAUSTED',
      message: ERROR_MESSAGES.AI_BUDGET_EXHAUSTED,
      retryAfterMs: 3_600_000,
    })
  })

  it('pushes again and asks once more when the server does not have the letter yet', async () => {
    const server = fakeAiServer(
      { kind: 'refuse', status: 404, code: 'NOT_FOUND' },
      { kind: 'stream', events: letterEvents(LETTER) },
    )
    const { ai, flushOutbox } = await setup(server)
    await expect(ai.write(REQUEST)).resolves.toMatchObject({ text: LETTER })
    expect(flushOutbox).toHaveBeenCalledTimes(2)
    expect(server.calls).toHaveLength(2)
  })

  it('asks only once more: a letter still missing is NOT_FOUND', async () => {
    const server = fakeAiServer(
      { kind: 'refuse', status: 404, code: 'NOT_FOUND' },
      { kind: 'refuse', status: 404, code: 'NOT_FOUND' },
    )
    const { ai, flushOutbox } = await setup(server)
    await expect(ai.write(REQUEST)).rejects.toMatchObject({ code: 'NOT_FOUND' })
    expect(flushOutbox).toHaveBeenCalledTimes(2)
    expect(server.calls).toHaveLength(2)
  })

  it('says the server could not be reached when the request fails on the network', async () => {
    const server = fakeAiServer({ kind: 'network-error' })
    const { ai } = await setup(server)
    await expect(ai.write(REQUEST)).rejects.toMatchObject({
      code: 'SERVER_UNREACHABLE',
      message: ERROR_MESSAGES.SERVER_UNREACHABLE,
    })
  })

  it('says the connection broke off when the stream ends mid-letter', async () => {
    const cut = fakeAiServer({
      kind: 'stream',
      live: (live) => {
        live.send({ event: 'text', data: { text: 'Dear' } })
        live.breakOff()
      },
    })
    await expect((await setup(cut)).ai.write(REQUEST)).rejects.toMatchObject({
      code: 'SERVER_UNREACHABLE',
      message: 'The connection to the Letterhead server broke off before the letter was finished.',
    })
    // Ended without `done` or `error`: as broken as a dropped connection.
    const ended = fakeAiServer({ kind: 'stream', events: [{ event: 'text', data: { text: 'x' } }] })
    await expect((await setup(ended)).ai.write(REQUEST)).rejects.toMatchObject({
      code: 'SERVER_UNREACHABLE',
    })
  })

  it('gives up on a stream that falls silent, closing it', async () => {
    let stream: { closed: boolean } | undefined
    const server = fakeAiServer({ kind: 'stream', live: (live) => (stream = live) })
    const { ai } = await setup(server, 50)
    await expect(ai.write(REQUEST)).rejects.toMatchObject({
      code: 'SERVER_UNREACHABLE',
      message: 'The Letterhead server stopped answering before the letter was finished.',
    })
    expect(stream?.closed).toBe(true)
  })

  it('stays with a stream that only pings while it waits', async () => {
    const { answer, stream } = liveAnswer()
    const server = fakeAiServer(answer)
    const { ai } = await setup(server, 80)
    const writing = ai.write(REQUEST)
    for (let ping = 0; ping < 5; ping++) {
      await new Promise((resolve) => setTimeout(resolve, 40))
      stream().write(': ping\n\n')
    }
    stream().send({ event: 'done', data: { text: LETTER, untraced: [], model: 'm' } })
    await expect(writing).resolves.toMatchObject({ text: LETTER })
  })

  it('stops the request when the person cancels, and sends nothing more', async () => {
    let stream: { closed: boolean } | undefined
    const server = fakeAiServer({
      kind: 'stream',
      live: (live) => {
        stream = live
        live.send({ event: 'started', data: { model: 'm' } })
      },
    })
    const { ai } = await setup(server)
    const controller = new AbortController()
    const writing = ai.write(REQUEST, { signal: controller.signal })
    await vi.waitFor(() => expect(server.calls).toHaveLength(1))
    controller.abort()
    await expect(writing).rejects.toThrow()
    expect(server.calls[0]?.signal?.aborted).toBe(true)
    expect(stream?.closed).toBe(true)
    expect(server.calls).toHaveLength(1)
  })

  it('sends nothing offline', async () => {
    const server = fakeAiServer()
    const { ai, network, flushOutbox } = await setup(server)
    network.online = false
    await expect(ai.write(REQUEST)).rejects.toMatchObject({ code: 'NEEDS_CONNECTION' })
    expect(server.calls).toEqual([])
    expect(flushOutbox).not.toHaveBeenCalled()
  })

  it('ends the session here when the server no longer knows it', async () => {
    const server = fakeAiServer({ kind: 'refuse', status: 401, code: 'NOT_SIGNED_IN' })
    const { ai, db, onSessionEnded } = await setup(server)
    await expect(ai.write(REQUEST)).rejects.toMatchObject({ code: 'SESSION_ENDED' })
    expect(await db.session.get(SESSION_KEY)).toBeUndefined()
    expect(onSessionEnded).toHaveBeenCalledTimes(1)
  })

  it('reads whether the server has a model, and which', async () => {
    const db = openDatabase(`letterhead-server-ai-${Date.now()}-${counter++}`)
    await db.session.put({ id: SESSION_KEY, userId: 'user-1', signedInAt: '2026-11-22T12:00:00Z' })
    const fetch = vi.fn<typeof globalThis.fetch>(() =>
      Promise.resolve(Response.json({ available: true, model: 'letter-model' })),
    )
    const ai = createServerAi({
      db,
      fetch,
      online: () => true,
      flushOutbox: () => Promise.resolve(true),
      onSessionEnded: () => undefined,
    })
    await expect(ai.status()).resolves.toEqual({ available: true, model: 'letter-model' })
    expect(fetch).toHaveBeenCalledWith(AI_PATHS.status, expect.anything())

    // While the server cannot be asked, its last answer stands; with none, there is no answer.
    fetch.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')))
    await expect(ai.status()).resolves.toEqual({ available: true, model: 'letter-model' })
    expect(fetch).toHaveBeenCalledTimes(2)
    const fresh = createServerAi({
      db,
      fetch,
      online: () => true,
      flushOutbox: () => Promise.resolve(true),
      onSessionEnded: () => undefined,
    })
    await expect(fresh.status()).rejects.toMatchObject({ code: 'SERVER_UNREACHABLE' })
  })
})
