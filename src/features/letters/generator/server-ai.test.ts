import 'fake-indexeddb/auto'
import { describe, expect, it, vi } from 'vitest'
import { openDatabase } from '@/data/database'
import { SESSION_KEY } from '@/data/dexie/context'
import { fakeAiServer, letterEvents } from '@/data/remote/fake-ai-server'
import { createServerAi } from '@/data/remote/server-ai'
import { NO_SERVER_AI } from '@/data/server-ai-part'
import type { AiStatus, ServerAiRepository } from '@/data/server-ai-repository'
import { ERROR_MESSAGES } from '@/domain/errors'
import { composeLetter } from './built-in-composer'
import type { LetterRequest } from './letter-generator'
import { createServerAiGenerator, UNSAVED_ANSWERS_REASON } from './server-ai'
import { engineLabel, writeLetter } from './write-letter'

const REQUEST: LetterRequest = {
  type: 'Demand Letter',
  senderName: 'Ada Lovelace',
  senderAddress: '12 St James Square, London',
  recipientName: 'Charles Babbage',
  recipientAddress: '1 Dorset Street, London',
  matter: 'Unpaid invoice #1843',
  resolution: 'Pay the outstanding balance of $2,400.',
}
// Late in the evening: the device's calendar day, not the UTC one, dates the letter.
const DATE = new Date(2026, 10, 22, 23, 30)
const LETTER_ID = '7d3f0c6e-4a4b-4f7e-9d55-0a9f0c1b2c3d'
const LETTER = composeLetter(REQUEST, DATE).replace('Dear', 'Dear Mr Babbage, dear')
const BUILT_IN = composeLetter(REQUEST, DATE)
const AVAILABLE: AiStatus = { available: true, model: 'letter-model' }

let counter = 0

/** The server's AI as the app reaches it, answering `status` as given and writing through `server`. */
async function serverAi(
  server: ReturnType<typeof fakeAiServer>,
  status: () => Promise<AiStatus> = () => Promise.resolve(AVAILABLE),
): Promise<ServerAiRepository> {
  const db = openDatabase(`letterhead-server-engine-${Date.now()}-${counter++}`)
  await db.session.put({ id: SESSION_KEY, userId: 'user-1', signedInAt: '2026-11-22T12:00:00Z' })
  const ai = createServerAi({
    db,
    fetch: server.fetch,
    online: () => true,
    flushOutbox: () => Promise.resolve(true),
    onSessionEnded: () => undefined,
  })
  return { status, write: ai.write }
}

const write = (ai: ServerAiRepository, options: Partial<Parameters<typeof writeLetter>[2]> = {}) =>
  writeLetter(createServerAiGenerator(ai), REQUEST, {
    date: DATE,
    letterId: LETTER_ID,
    online: true,
    ...options,
  })

describe("the server's AI engine", () => {
  it('streams the text and the place in line, and keeps the letter the server cleaned', async () => {
    const server = fakeAiServer({
      kind: 'stream',
      events: [{ event: 'queued', data: { position: 2 } }, ...letterEvents(`  ${LETTER}\n`)],
    })
    const onText = vi.fn()
    const onQueue = vi.fn()
    const written = await write(await serverAi(server), { onText, onQueue })

    // The answers go too: the server writes from them (Change Answers sends new ones).
    expect(server.calls[0]?.body).toEqual({
      letterId: LETTER_ID,
      letterDate: '2026-11-22',
      answers: REQUEST,
    })
    expect(onQueue.mock.calls).toEqual([[2], [1], [null]])
    const drafts = onText.mock.calls.map(([text]) => String(text))
    expect(drafts[0]).toBe('')
    expect(drafts.length).toBeGreaterThan(3)
    // Each draft is the text so far: it grows by what arrived.
    for (const [index, draft] of drafts.entries())
      expect(draft.startsWith(drafts[index - 1] ?? '')).toBe(true)
    expect(drafts.at(-1)).toBe(`  ${LETTER}\n`)
    // What is stored is `done`'s text, not the raw stream.
    expect(written).toEqual({ content: `  ${LETTER}\n`, generator: 'server-ai:letter-model' })
  })

  it('records the model the server says wrote the letter', async () => {
    const server = fakeAiServer({ kind: 'stream', events: letterEvents(LETTER, 'llama3.1:70b') })
    const written = await write(await serverAi(server))
    expect(written.generator).toBe('server-ai:llama3.1:70b')
    expect(engineLabel(written.generator)).toBe("the server's AI model (llama3.1:70b)")
  })

  it.each([
    [
      'an error event',
      {
        kind: 'stream',
        events: [
          { event: 'started', data: { model: 'letter-model' } },
          { event: 'error', data: { code: 'AI_TIMEOUT', message: ERROR_MESSAGES.AI_TIMEOUT } },
        ],
      },
      ERROR_MESSAGES.AI_TIMEOUT,
    ],
    [
      'the model failing (5xx upstream)',
      {
        kind: 'stream',
        events: [
          {
            event: 'error',
            data: {
              code: 'AI_UPSTREAM_FAILED',
              message: 'The AI model answered HTTP 500. Please try again in a moment.',
            },
          },
        ],
      },
      'The AI model answered HTTP 500. Please try again in a moment.',
    ],
    [
      'a server without AI',
      { kind: 'refuse', status: 503, code: 'AI_UNAVAILABLE' },
      ERROR_MESSAGES.AI_UNAVAILABLE,
    ],
    [
      'the rate limit',
      { kind: 'refuse', status: 429, code: 'AI_BUSY', retryAfter: '30' },
      ERROR_MESSAGES.AI_BUSY,
    ],
    [
      'the daily budget',
      { kind: 'refuse', status: 429, code: 'AI_BUDGET_EXHAUSTED', retryAfter: '3600' },
      ERROR_MESSAGES.AI_BUDGET_EXHAUSTED,
    ],
    [
      'the server failing',
      { kind: 'refuse', status: 500, code: 'SERVER_ERROR' },
      ERROR_MESSAGES.SERVER_ERROR,
    ],
    ['a network error', { kind: 'network-error' }, ERROR_MESSAGES.SERVER_UNREACHABLE],
  ] as const)(
    'falls back to the built-in composer on %s, with the reason',
    async (_, answer, reason) => {
      const server = fakeAiServer(answer)
      await expect(write(await serverAi(server))).resolves.toEqual({
        content: BUILT_IN,
        generator: 'built-in',
        fallback: { kind: 'failed', reason },
      })
      expect(server.calls).toHaveLength(1)
    },
  )

  it('does not write a letter while letters are owed: that is not a case for another engine', async () => {
    const server = fakeAiServer({ kind: 'refuse', status: 402, code: 'LETTERS_OWED' })
    await expect(write(await serverAi(server))).rejects.toMatchObject({ code: 'LETTERS_OWED' })
  })

  it('is the built-in composer, without a word, where the server has no model', async () => {
    const server = fakeAiServer()
    const noModel = await serverAi(server, () => Promise.resolve({ available: false }))
    await expect(write(noModel)).resolves.toEqual({ content: BUILT_IN, generator: 'built-in' })
    // Device-only mode: no server at all.
    await expect(write(NO_SERVER_AI, { online: false })).resolves.toEqual({
      content: BUILT_IN,
      generator: 'built-in',
    })
    expect(server.calls).toEqual([])
  })

  it('offline, when chosen, the built-in composer writes the letter and the person is told why', async () => {
    const server = fakeAiServer()
    const unknown = await serverAi(server, () => Promise.reject(new Error('offline')))
    await expect(write(unknown, { online: false })).resolves.toEqual({
      content: BUILT_IN,
      generator: 'built-in',
      fallback: { kind: 'offline' },
    })
    expect(server.calls).toEqual([])
  })

  it('offline, with nothing chosen and the server never asked, is the built-in composer without a word', async () => {
    const server = fakeAiServer()
    const unknown = await serverAi(server, () => Promise.reject(new Error('offline')))
    await expect(
      writeLetter(createServerAiGenerator(unknown, { chosen: false }), REQUEST, {
        date: DATE,
        letterId: LETTER_ID,
        online: false,
      }),
    ).resolves.toEqual({ content: BUILT_IN, generator: 'built-in' })
    expect(server.calls).toEqual([])
  })

  it('says why a letter not stored on the device is written by the built-in composer', async () => {
    const server = fakeAiServer()
    await expect(
      writeLetter(createServerAiGenerator(await serverAi(server)), REQUEST, {
        date: DATE,
        online: true,
      }),
    ).resolves.toEqual({
      content: BUILT_IN,
      generator: 'built-in',
      fallback: { kind: 'failed', reason: UNSAVED_ANSWERS_REASON },
    })
    expect(server.calls).toEqual([])
  })

  it('cancels while the letter streams: the request is aborted and no letter comes', async () => {
    const server = fakeAiServer({
      kind: 'stream',
      live: (live) => {
        live.send({ event: 'started', data: { model: 'letter-model' } })
        live.send({ event: 'text', data: { text: 'Dear Mr Babbage' } })
      },
    })
    const controller = new AbortController()
    const onText = vi.fn((text: string) => {
      if (text === 'Dear Mr Babbage') controller.abort()
    })
    await expect(
      write(await serverAi(server), { signal: controller.signal, onText }),
    ).rejects.toMatchObject({ code: 'GENERATION_CANCELLED' })
    expect(server.calls[0]?.signal?.aborted).toBe(true)
  })
})
