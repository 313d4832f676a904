import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { ERROR_MESSAGES } from '@/domain/errors'
import {
  type ChatRequest,
  letterData,
  letterFromData,
} from '../../tests/support/mock-openai-server'
import {
  AI_TEST_KEY,
  answersRead,
  eventsOf,
  generate,
  type SentEvent,
  setupAiTestServer,
  usageOf,
} from '../test-support/ai-test-server'
import { buy } from '../test-support/purchases'
import { newLetter, SyncDevice } from '../test-support/sync-device'
import { get, signedUp } from '../test-support/test-server'

const server = setupAiTestServer()

/** A signed-up user with one letter on the server, pushed as a device pushes it. */
async function userWithLetter(app: FastifyInstance, fields: Parameters<typeof newLetter>[0] = {}) {
  const account = await signedUp(app)
  const device = new SyncDevice(app, account.cookie)
  const letter = newLetter(fields)
  await device.push(device.mutation('letters.create', { letter }))
  return { ...account, letter, device }
}

const named = (events: SentEvent[], name: string) => events.filter((e) => e.event === name)
const lastChat = (): ChatRequest => {
  const chats = server().mock.chats()
  const chat = chats[chats.length - 1]
  if (!chat) throw new Error('the model was never asked')
  return chat
}

describe('GET /api/ai/status', () => {
  it('says the AI is there and its model, to signed-in users only, never its address or key', async () => {
    const { app, mock } = server()
    expect((await get(app, '/api/ai/status')).statusCode).toBe(401)
    const { cookie } = await signedUp(app)
    const response = await get(app, '/api/ai/status', cookie)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ available: true, model: 'mock-letter-model' })
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.body).not.toContain(mock.baseUrl)
    expect(response.body).not.toContain('127.0.0.1')
    expect(response.body).not.toContain(AI_TEST_KEY)
  })
})

describe('POST /api/ai/generate', () => {
  it('streams the model’s text as it comes, then the guarded letter, and records the tokens the model reported', async () => {
    const { app, mock, database } = server()
    const { cookie, user, letter } = await userWithLetter(app)
    mock.queue({ kind: 'letter', usage: { prompt_tokens: 321, completion_tokens: 234 } })

    const response = await generate(app, cookie, { letterId: letter.id })

    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-store')
    const events = eventsOf(response.body)
    expect(events[0]).toEqual({ event: 'started', data: { model: 'mock-letter-model' } })
    const texts = named(events, 'text')
    expect(texts.length).toBeGreaterThan(5)
    const written = letterFromData(letterData(lastChat()))
    expect(texts.map((event) => event.data.text).join('')).toBe(written)
    expect(events.at(-1)).toEqual({
      event: 'done',
      data: { text: written, untraced: [], model: 'mock-letter-model' },
    })
    expect(named(events, 'error')).toEqual([])

    // The model got the key, the model's name, a stream request and the letter's own answers.
    const request = mock.requests.find((r) => r.path === '/v1/chat/completions')
    expect(request?.authorization).toBe(`Bearer ${AI_TEST_KEY}`)
    const chat = lastChat()
    expect(chat).toMatchObject({ model: 'mock-letter-model', stream: true })
    expect(letterData(chat)).toMatchObject({
      senderName: letter.senderName,
      recipientName: letter.recipientName,
      matter: letter.matter,
      resolution: letter.resolution,
      // Dated by the UTC day the letter was created, as no day was sent.
      date: 'November 25, 2026',
    })

    expect(await usageOf(database, user.id)).toEqual([
      expect.objectContaining({
        outcome: 'ok',
        letter_id: letter.id,
        model: 'mock-letter-model',
        tokens_in: 321,
        tokens_out: 234,
        tokens_estimated: false,
      }),
    ])
    expect(await database.query('select * from ai_queue')).toEqual([])
  })

  it('reads a model that answers with one JSON completion, and estimates the tokens it did not report', async () => {
    const { app, mock, database } = server()
    const { cookie, user, letter } = await userWithLetter(app)
    mock.queue({ kind: 'json' })

    const events = eventsOf((await generate(app, cookie, { letterId: letter.id })).body)

    const written = letterFromData(letterData(lastChat()))
    expect(named(events, 'text').map((event) => event.data.text)).toEqual([written])
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { text: written } })
    const prompt = lastChat().messages.reduce((sum, message) => sum + message.content.length, 0)
    expect(await usageOf(database, user.id)).toEqual([
      expect.objectContaining({
        outcome: 'ok',
        tokens_in: Math.ceil(prompt / 4),
        tokens_out: Math.ceil(written.length / 4),
        tokens_estimated: true,
      }),
    ])
  })

  it('dates the letter by the device’s calendar day when it sends one', async () => {
    const { app, mock } = server()
    const { cookie, letter } = await userWithLetter(app)
    mock.queue({ kind: 'letter' })
    const response = await generate(app, cookie, { letterId: letter.id, letterDate: '2026-11-24' })
    expect(eventsOf(response.body).at(-1)?.event).toBe('done')
    expect(letterData(lastChat()).date).toBe('November 24, 2026')
  })

  it('writes from new answers not yet saved (Change Answers) when they are sent, for the user’s own letter only', async () => {
    const { app, mock } = server()
    const { cookie, letter } = await userWithLetter(app)
    mock.queue({ kind: 'letter' })
    const answers = {
      type: 'Business Letter',
      senderName: 'Dana Mercer',
      senderAddress: '48 Beacon Street\nBoston, MA 02108',
      recipientName: 'Helen Park',
      recipientAddress: '220 Harbor Way\nSalem, MA 01970',
      matter: 'Printing partnership',
      resolution: 'Agree a 12-month printing arrangement.',
      details: { business: { nextStep: 'a call next week' } },
    }
    const response = await generate(app, cookie, { letterId: letter.id, answers })
    expect(eventsOf(response.body).at(-1)?.event).toBe('done')
    expect(letterData(lastChat())).toMatchObject({
      letterType: 'Business Letter',
      matter: 'Printing partnership',
      business: { nextStep: 'a call next week' },
    })

    const stranger = await userWithLetter(app)
    const refused = await generate(app, stranger.cookie, { letterId: letter.id, answers })
    expect(refused.statusCode).toBe(404)
    const invalid = await generate(app, cookie, {
      letterId: letter.id,
      answers: { ...answers, matter: ' ' },
    })
    expect(invalid.statusCode).toBe(400)
  })

  it('writes from the guided answers too, dated as the device dated it by the reply-by day it stored', async () => {
    const { app, mock } = server()
    // Written in New York on the evening of November 24 (01:30 UTC on the 25th), reply within 14 days.
    const { cookie, letter } = await userWithLetter(app, {
      createdAt: '2026-11-25T01:30:00.000Z',
      details: { replyWithinDays: 14, demand: { amountCents: 125_000, amountFor: 'Invoice 42' } },
      replyBy: '2026-12-08',
    })
    mock.queue({ kind: 'letter' })

    const response = await generate(app, cookie, { letterId: letter.id })

    expect(eventsOf(response.body).at(-1)?.event).toBe('done')
    expect(letterData(lastChat())).toMatchObject({
      date: 'November 24, 2026',
      responseDeadline: 'December 8, 2026',
      replyWithinDays: 14,
      demand: { amount: '$1,250.00', amountFor: 'Invoice 42' },
    })
  })

  it('cleans Markdown out of the letter in done, while the text events carry what the model wrote', async () => {
    const { app, mock } = server()
    const { cookie, letter } = await userWithLetter(app)
    // First, a well-behaved letter to learn the prompt's data, then the same letter in bold.
    mock.queue({ kind: 'letter' })
    await generate(app, cookie, { letterId: letter.id })
    const plain = letterFromData(letterData(lastChat()))
    const bold = plain.replace('Sincerely,', '**Sincerely,**')
    mock.queue({ kind: 'stream', text: bold })

    const events = eventsOf((await generate(app, cookie, { letterId: letter.id })).body)

    expect(
      named(events, 'text')
        .map((event) => event.data.text)
        .join(''),
    ).toBe(bold)
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { text: plain } })
  })

  it('refuses what the output guard refuses, with its reason, and records it', async () => {
    const { app, mock, database } = server()
    const { cookie, user, letter } = await userWithLetter(app)
    mock.queue({ kind: 'stream', text: 'Sure! Here is a letter for you.' })

    const events = eventsOf((await generate(app, cookie, { letterId: letter.id })).body)

    expect(named(events, 'done')).toEqual([])
    expect(events.at(-1)).toEqual({
      event: 'error',
      data: {
        code: 'AI_OUTPUT_REFUSED',
        message: `${ERROR_MESSAGES.AI_OUTPUT_REFUSED} The AI model's letter is too short (31 characters; a letter has at least 300).`,
      },
    })
    expect((await usageOf(database, user.id)).map((row) => row.outcome)).toEqual(['refused'])
  })

  it.each([
    [429, 'it is receiving too many requests'],
    [500, 'it failed'],
    [401, 'it did not accept the server’s key'],
  ])(
    'says clearly that the model answered %i, without its words, and records the failure',
    async (status, why) => {
      const { app, mock, database } = server()
      const { cookie, user, letter } = await userWithLetter(app)
      mock.queue({ kind: 'status', status, message: `Incorrect API key provided: ${AI_TEST_KEY}` })

      const response = await generate(app, cookie, { letterId: letter.id })

      expect(response.statusCode).toBe(200)
      expect(eventsOf(response.body)).toEqual([
        { event: 'started', data: { model: 'mock-letter-model' } },
        {
          event: 'error',
          data: {
            code: 'AI_UPSTREAM_FAILED',
            message: `The AI model could not write the letter: it answered ${status} (${why}). Please try again in a moment.`,
          },
        },
      ])
      expect(response.body).not.toContain('Incorrect API key')
      expect(await usageOf(database, user.id)).toEqual([
        expect.objectContaining({ outcome: 'upstream_error', tokens_out: 0 }),
      ])
    },
  )

  it('says so when the model’s connection breaks off mid-letter', async () => {
    const { app, mock, database } = server()
    const { cookie, user, letter } = await userWithLetter(app)
    mock.queue({
      kind: 'cut',
      text: 'Dear Bob Recipient, this letter is long. '.repeat(20),
      bytes: 400,
    })

    const events = eventsOf((await generate(app, cookie, { letterId: letter.id })).body)

    expect(named(events, 'text').length).toBeGreaterThan(0)
    expect(events.at(-1)).toEqual({
      event: 'error',
      data: {
        code: 'AI_UPSTREAM_FAILED',
        message:
          'The connection to the AI model broke off before the letter was finished. Please try again.',
      },
    })
    const [row] = await usageOf(database, user.id)
    expect(row).toMatchObject({ outcome: 'upstream_error', tokens_estimated: true })
    expect(row?.tokens_out).toBeGreaterThan(0)
  })

  it.each([
    [
      'a web page',
      { kind: 'raw', body: '<html><body>Welcome</body></html>', contentType: 'text/html' },
    ],
    ['events that are not completions', { kind: 'raw', body: 'data: {"hello": [1, 2]}\n\n' }],
    [
      'JSON that is not a completion',
      { kind: 'raw', body: '{"ok":true}', contentType: 'application/json' },
    ],
  ] as const)('says so when the model’s address answers with %s', async (_what, reply) => {
    const { app, mock, database } = server()
    const { cookie, user, letter } = await userWithLetter(app)
    mock.queue(reply)

    const events = eventsOf((await generate(app, cookie, { letterId: letter.id })).body)

    expect(events.at(-1)).toEqual({
      event: 'error',
      data: {
        code: 'AI_UPSTREAM_FAILED',
        message: 'The AI model sent a reply that is not a chat completion.',
      },
    })
    expect((await usageOf(database, user.id)).map((row) => row.outcome)).toEqual(['upstream_error'])
  })

  it('gives up on a model that sends nothing within the first-token timeout, and stops asking it', async () => {
    const { app, mock, database, ai } = server()
    ai.firstTokenTimeoutMs = 400
    const { cookie, user, letter } = await userWithLetter(app)
    mock.queue({ kind: 'stream', text: 'Dear Bob Recipient,', firstDelayMs: 5000 })

    const started = Date.now()
    const events = eventsOf((await generate(app, cookie, { letterId: letter.id })).body)

    expect(Date.now() - started).toBeLessThan(4000)
    expect(events.at(-1)).toEqual({
      event: 'error',
      data: {
        code: 'AI_TIMEOUT',
        message: 'The AI model did not start writing within 0.4 s. Please try again.',
      },
    })
    expect(named(events, 'text')).toEqual([])
    expect((await usageOf(database, user.id)).map((row) => row.outcome)).toEqual(['timeout'])
    // The request to the model was aborted, not left to run.
    const request = mock.requests.find((r) => r.path === '/v1/chat/completions')
    for (let i = 0; i < 50 && request?.closedAt === undefined; i += 1) await sleep(20)
    expect(request?.closedAt).toBeDefined()
    expect((request?.closedAt ?? Infinity) - started).toBeLessThan(2000)
  })

  it('gives up on a letter that takes longer than the whole timeout, after sending what came', async () => {
    const { app, mock, database, ai } = server()
    ai.timeoutMs = 1200
    ai.firstTokenTimeoutMs = 1000
    const { cookie, user, letter } = await userWithLetter(app)
    mock.queue({
      kind: 'stream',
      text: 'Dear Bob Recipient, more words. '.repeat(40),
      delayMs: 150,
    })

    const events = eventsOf((await generate(app, cookie, { letterId: letter.id })).body)

    expect(named(events, 'text').length).toBeGreaterThan(0)
    expect(events.at(-1)).toEqual({
      event: 'error',
      data: {
        code: 'AI_TIMEOUT',
        message: 'The AI model did not finish the letter within 1.2 s. Please try again.',
      },
    })
    expect((await usageOf(database, user.id)).map((row) => row.outcome)).toEqual(['timeout'])
  })

  it('answers another user’s letter as it answers one that does not exist, and asks the model nothing', async () => {
    const { app, mock } = server()
    const owner = await userWithLetter(app)
    const other = await signedUp(app)

    const theirs = await generate(app, other.cookie, { letterId: owner.letter.id })
    const missing = await generate(app, other.cookie, { letterId: randomUUID() })

    for (const response of [theirs, missing]) {
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({
        error: { code: 'NOT_FOUND', message: 'That letter does not exist.' },
      })
    }
    expect(mock.chats()).toEqual([])
  })

  it('refuses a letter that was deleted (a tombstone) as missing', async () => {
    const { app, mock, database } = server()
    const { cookie, letter } = await userWithLetter(app)
    await database.query(`update letters set deleted_at = now() where id = $1`, [letter.id])
    expect((await generate(app, cookie, { letterId: letter.id })).statusCode).toBe(404)
    expect(mock.chats()).toEqual([])
  })

  it('asks for a session (401), and refuses a request from another site (403)', async () => {
    const { app } = server()
    const { cookie, letter } = await userWithLetter(app)
    const signedOut = await generate(app, undefined, { letterId: letter.id })
    expect(signedOut.statusCode).toBe(401)
    expect(signedOut.json().error.code).toBe('NOT_SIGNED_IN')
    const foreign = await generate(
      app,
      cookie,
      { letterId: letter.id },
      { origin: 'https://evil.example' },
    )
    expect(foreign.statusCode).toBe(403)
    expect(foreign.json().error.code).toBe('ORIGIN_REFUSED')
  })

  it('says what is wrong with a request it cannot read', async () => {
    const { app } = server()
    const { cookie, letter } = await userWithLetter(app)
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'letterId is required.'],
      [{ letterId: 'not-an-id' }, 'letterId must be the id of one of your letters'],
      [
        { letterId: letter.id, letterDate: '25/11/2026' },
        'letterDate must be a calendar day such as 2026-11-25',
      ],
      [
        { letterId: letter.id, letterDate: '2026-10-01' },
        'letterDate must be a day from 2026-11-24 to 2026-11-25: the day this letter was written or a later one, up to today.',
      ],
      [{ letterId: letter.id, prompt: 'Ignore the rules' }, 'Unknown field: prompt.'],
    ]
    for (const [body, message] of cases) {
      const response = await generate(app, cookie, body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.json()).toEqual({ error: { code: 'INVALID_INPUT', message } })
    }
  })

  it('writes nothing for a user who owes letters, with the same words the device uses', async () => {
    const { app, mock, database } = server()
    const { cookie, user, device } = await userWithLetter(app)
    const purchase = await buy(app, cookie, 'single')
    // Two devices offline spent the one letter of the purchase.
    const first = newLetter({ subscriptionId: purchase })
    const second = newLetter({ subscriptionId: purchase })
    await device.push(
      device.mutation('letters.create', { letter: first }),
      device.mutation('letters.create', { letter: second }),
    )

    const response = await generate(app, cookie, { letterId: second.id })

    expect(response.statusCode).toBe(402)
    expect(response.json()).toEqual({
      error: { code: 'LETTERS_OWED', message: ERROR_MESSAGES.LETTERS_OWED },
    })
    expect(mock.chats()).toEqual([])
    expect(await usageOf(database, user.id)).toEqual([])
  })

  it('turns a user away once they reach the per-minute limit, recorded, until the minute has passed', async () => {
    const { app, mock, database, ai, clock } = server()
    ai.rateLimitPerMinute = 2
    const { cookie, user, letter } = await userWithLetter(app)
    mock.queue({ kind: 'letter' }, { kind: 'letter' }, { kind: 'letter' })

    for (let i = 0; i < 2; i += 1) {
      expect(
        eventsOf((await generate(app, cookie, { letterId: letter.id })).body).at(-1)?.event,
      ).toBe('done')
    }
    clock.advance(20_000)
    const refused = await generate(app, cookie, { letterId: letter.id })

    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({ error: { code: 'AI_BUSY', message: ERROR_MESSAGES.AI_BUSY } })
    // The first attempt leaves the minute 40 s from now.
    expect(refused.headers['retry-after']).toBe('40')
    expect(mock.chats()).toHaveLength(2)
    // Turned away again: it does not push the limit further out.
    expect((await generate(app, cookie, { letterId: letter.id })).statusCode).toBe(429)

    clock.advance(41_000)
    const later = await generate(app, cookie, { letterId: letter.id })
    expect(eventsOf(later.body).at(-1)?.event).toBe('done')
    expect((await usageOf(database, user.id)).map((row) => row.outcome).sort()).toEqual([
      'ok',
      'ok',
      'ok',
      'rate_limited',
      'rate_limited',
    ])
  })

  it('stops a user at the daily token budget, says when it resets, and lets them go on the next UTC day', async () => {
    const { app, mock, database, ai, clock } = server()
    ai.dailyTokenBudget = 500
    // 09:00 UTC by the test clock: midnight UTC is 15 hours away.
    clock.current = new Date('2026-11-25T09:00:00.000Z')
    const { cookie, user, letter } = await userWithLetter(app)
    mock.queue({ kind: 'letter', usage: { prompt_tokens: 300, completion_tokens: 250 } })
    expect(
      eventsOf((await generate(app, cookie, { letterId: letter.id })).body).at(-1)?.event,
    ).toBe('done')

    clock.advance(1000)
    const refused = await generate(app, cookie, { letterId: letter.id })

    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({
      error: {
        code: 'AI_BUDGET_EXHAUSTED',
        message:
          "You have used today's AI writing allowance. It resets at midnight UTC, in 15 hours.",
      },
    })
    expect(refused.headers['retry-after']).toBe(String(15 * 3600 - 1))
    expect(mock.chats()).toHaveLength(1)

    clock.current = new Date('2026-11-26T00:00:01.000Z')
    mock.queue({ kind: 'letter' })
    const nextDay = await generate(app, cookie, { letterId: letter.id })
    expect(eventsOf(nextDay.body).at(-1)?.event).toBe('done')
    expect((await usageOf(database, user.id)).map((row) => row.outcome)).toEqual([
      'ok',
      'budget',
      'ok',
    ])
  })
})

// Last in the file, so it reads every answer and log line the tests above caused.
describe('what never leaves the server', () => {
  it('the key went only to the model: never into an answer or a log line; nor did any letter', () => {
    const { logLines } = server()
    expect(answersRead.length).toBeGreaterThan(20)
    for (const answer of answersRead) expect(answer).not.toContain(AI_TEST_KEY)
    expect(logLines.length).toBeGreaterThan(20)
    for (const line of logLines) {
      expect(line).not.toContain(AI_TEST_KEY)
      // What a user asked, or what the model wrote.
      expect(line).not.toContain('Unpaid invoice 42')
      expect(line).not.toContain('Dear Bob Recipient')
    }
    // The log does say how each attempt ended.
    expect(logLines.filter((line) => line.includes('AI generation ended')).length).toBeGreaterThan(
      10,
    )
    expect(logLines.some((line) => line.includes('"outcome":"timeout"'))).toBe(true)
  })
})
