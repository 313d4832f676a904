import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import { loggerOptions } from '../http/logger'
import { AiStream, setupAiTestServer, until, usageOf } from '../test-support/ai-test-server'
import { newLetter, SyncDevice } from '../test-support/sync-device'
import { testLogStream } from '../test-support/test-log'
import { signedUp, testConfig } from '../test-support/test-server'

/** The browser and the model going away, over real HTTP (inject cannot leave mid-stream). */

const server = setupAiTestServer()
let origin = ''

beforeAll(async () => {
  origin = await server().app.listen({ port: 0, host: '127.0.0.1' })
})

async function userWithLetter(app: FastifyInstance, senderName = 'Ada Sender') {
  const account = await signedUp(app)
  const device = new SyncDevice(app, account.cookie)
  const letter = newLetter({ senderName })
  await device.push(device.mutation('letters.create', { letter }))
  return { ...account, letter }
}

/** A reply long and slow enough to be still streaming when a test acts. */
const SLOW = {
  kind: 'stream',
  text: 'Dear Bob Recipient, one more line. '.repeat(60),
  delayMs: 100,
} as const

const modelRequests = () =>
  server().mock.requests.filter((request) => request.path === '/v1/chat/completions')

const queueRows = async () =>
  (await server().database.query('select id from ai_queue')) as { id: string }[]

describe('the browser going away', () => {
  it('aborts the request to the model within a second, and records the attempt as cancelled', async () => {
    const { app, mock, database } = server()
    const { cookie, user, letter } = await userWithLetter(app)
    mock.queue(SLOW)

    const stream = await AiStream.open(origin, cookie, { letterId: letter.id })
    await stream.next('text')
    const left = Date.now()
    stream.close()

    await until(() => modelRequests()[0]?.closedAt !== undefined, 'the model’s request to close')
    expect((modelRequests()[0]?.closedAt ?? Infinity) - left).toBeLessThan(1000)
    await until(async () => (await usageOf(database, user.id)).length === 1, 'the attempt recorded')
    const [row] = await usageOf(database, user.id)
    expect(row).toMatchObject({ outcome: 'cancelled', tokens_estimated: true })
    expect(row?.tokens_out).toBeGreaterThan(0)
    expect(await queueRows()).toEqual([])
  })

  it('takes a request out of line when its browser leaves while it waits; the model never hears of it', async () => {
    const { app, mock, database, ai } = server()
    ai.concurrency = 1
    let release = () => undefined as void
    const gate = new Promise<void>((resolve) => (release = resolve))
    mock.queue({ kind: 'gated', gate, then: { kind: 'letter' } })
    const running = await userWithLetter(app, 'Running Sender')
    const waiting = await userWithLetter(app, 'Waiting Sender')

    const first = await AiStream.open(origin, running.cookie, { letterId: running.letter.id })
    await first.next('started')
    const second = await AiStream.open(origin, waiting.cookie, { letterId: waiting.letter.id })
    expect((await second.next('queued')).data).toEqual({ position: 1 })
    second.close()

    await until(
      async () => (await usageOf(database, waiting.user.id)).length === 1,
      'the waiting attempt recorded',
    )
    expect(await usageOf(database, waiting.user.id)).toEqual([
      expect.objectContaining({ outcome: 'cancelled', tokens_in: 0, tokens_out: 0 }),
    ])
    expect(await queueRows()).toHaveLength(1)
    release()
    expect((await first.next('done')).event).toBe('done')
    await first.closed()
    expect(mock.chats()).toHaveLength(1)
    expect(await queueRows()).toEqual([])
  })
})

describe('the model going away', () => {
  it('ends the stream with a clear error, the text so far already sent', async () => {
    const { app, mock, database } = server()
    const { cookie, user, letter } = await userWithLetter(app)
    mock.queue({ kind: 'cut', text: 'Dear Bob Recipient, one more line. '.repeat(20), bytes: 500 })

    const stream = await AiStream.open(origin, cookie, { letterId: letter.id })
    expect((await stream.next('error')).data).toEqual({
      code: 'AI_UPSTREAM_FAILED',
      message:
        'The connection to the AI model broke off before the letter was finished. Please try again.',
    })
    await stream.closed()
    expect(stream.events.filter((event) => event.event === 'text').length).toBeGreaterThan(0)
    expect(stream.events.at(-1)?.event).toBe('error')
    expect((await usageOf(database, user.id)).map((row) => row.outcome)).toEqual(['upstream_error'])
  })
})

describe('the server shutting down', () => {
  it('tells a browser whose letter is being written, stops the model, records the attempt, then closes', async () => {
    const { mock, database, ai } = server()
    // An instance of its own on the same database, so closing it leaves the file's server running.
    const instance = await buildApp({
      config: testConfig({ ai }),
      database,
      logger: loggerOptions('trace', testLogStream()),
    })
    const instanceOrigin = await instance.listen({ port: 0, host: '127.0.0.1' })
    const { cookie, user, letter } = await userWithLetter(instance)
    mock.queue(SLOW)
    const stream = await AiStream.open(instanceOrigin, cookie, { letterId: letter.id })
    await stream.next('text')

    await instance.close()

    expect((await stream.next('error')).data).toEqual({
      code: 'AI_UPSTREAM_FAILED',
      message:
        'The Letterhead server is restarting, so the letter was not finished. Please try again in a moment.',
    })
    await stream.closed()
    expect(modelRequests()[0]?.closedAt).toBeDefined()
    expect((await usageOf(database, user.id)).map((row) => row.outcome)).toEqual(['cancelled'])
  })
})
