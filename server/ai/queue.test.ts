import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { letterData } from '../../tests/support/mock-openai-server'
import { buildApp } from '../app'
import { loggerOptions } from '../http/logger'
import { priorityOf } from './admission'
import { AiStream, setupAiTestServer, until } from '../test-support/ai-test-server'
import { signedUpAdmin } from '../test-support/admin'
import { buy } from '../test-support/purchases'
import { newLetter, SyncDevice } from '../test-support/sync-device'
import { testLogStream } from '../test-support/test-log'
import { post, signedUp, testConfig } from '../test-support/test-server'

/** The line for AI_CONCURRENCY slots, held in the database (decision 031). */

const server = setupAiTestServer()
let origin = ''

beforeAll(async () => {
  origin = await server().app.listen({ port: 0, host: '127.0.0.1' })
})

async function userWithLetter(app: FastifyInstance, senderName: string, plan?: string) {
  const account = await signedUp(app)
  if (plan) await buy(app, account.cookie, plan)
  const device = new SyncDevice(app, account.cookie)
  const letter = newLetter({ senderName })
  await device.push(device.mutation('letters.create', { letter }))
  return { ...account, letter }
}

function gate() {
  let open = () => undefined as void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
}

const queueRows = async () =>
  (await server().database.query(
    'select priority, started_at is not null as started from ai_queue',
  )) as { priority: number; started: boolean }[]

const positions = (stream: AiStream) =>
  stream.events.filter((event) => event.event === 'queued').map((event) => event.data.position)

const askedFor = () =>
  server()
    .mock.chats()
    .map((chat) => letterData(chat).senderName)

describe('the line for the AI', () => {
  it('lets an Annual 8 Letters subscriber go ahead of a Single Letter buyer who waited longer', async () => {
    const { app, mock, ai } = server()
    ai.concurrency = 1
    const slow = gate()
    // The subscriber's letter is held too, so the buyer is in line, first, while it is written:
    // the line is read every poll, and a letter written at once could start and end between two.
    const second = gate()
    mock.queue(
      { kind: 'gated', gate: slow.opened, then: { kind: 'letter' } },
      { kind: 'gated', gate: second.opened, then: { kind: 'letter' } },
    )
    const runner = await userWithLetter(app, 'Runner Sender', 'single')
    const single = await userWithLetter(app, 'Single Sender', 'single')
    const annual8 = await userWithLetter(app, 'Annual Sender', 'annual8')

    const running = await AiStream.open(origin, runner.cookie, { letterId: runner.letter.id })
    await running.next('started')
    const waitedLonger = await AiStream.open(origin, single.cookie, { letterId: single.letter.id })
    expect((await waitedLonger.next('queued')).data).toEqual({ position: 1 })
    const priority = await AiStream.open(origin, annual8.cookie, { letterId: annual8.letter.id })
    expect((await priority.next('queued')).data).toEqual({ position: 1 })
    // The buyer who waited longer is told they are now second.
    await until(() => positions(waitedLonger).includes(2), 'the single buyer moved to 2')
    expect(await queueRows()).toEqual(
      expect.arrayContaining([
        { priority: 1, started: true },
        { priority: 1, started: false },
        { priority: 0, started: false },
      ]),
    )

    slow.open()
    expect((await running.next('done')).event).toBe('done')
    await running.closed()
    await until(() => positions(waitedLonger).at(-1) === 1, 'the single buyer moved up to 1')
    second.open()
    for (const stream of [priority, waitedLonger]) {
      expect((await stream.next('done')).event).toBe('done')
      await stream.closed()
    }
    expect(askedFor()).toEqual(['Runner Sender', 'Annual Sender', 'Single Sender'])
    expect(positions(waitedLonger)).toEqual([1, 2, 1])
    expect(positions(priority)).toEqual([1])
    expect(positions(running)).toEqual([])
    expect(await queueRows()).toEqual([])
  })

  it('runs as many at once as AI_CONCURRENCY allows, the rest waiting their turn', async () => {
    const { app, mock, ai } = server()
    ai.concurrency = 2
    const slow = gate()
    const held = { kind: 'gated', gate: slow.opened, then: { kind: 'letter' } } as const
    mock.queue(held, held, held)
    const users = await Promise.all(
      ['First', 'Second', 'Third'].map((name) => userWithLetter(app, `${name} Sender`)),
    )
    const streams: AiStream[] = []
    for (const user of users) {
      streams.push(await AiStream.open(origin, user.cookie, { letterId: user.letter.id }))
      await until(async () => (await queueRows()).length === streams.length, 'the line to grow')
    }
    await streams[0]?.next('started')
    await streams[1]?.next('started')
    expect((await streams[2]?.next('queued'))?.data).toEqual({ position: 1 })
    expect(mock.chats()).toHaveLength(2)

    slow.open()
    for (const stream of streams) await stream.closed()
    expect(askedFor().sort()).toEqual(['First Sender', 'Second Sender', 'Third Sender'])
    expect(streams.map((stream) => stream.events.at(-1)?.event)).toEqual(['done', 'done', 'done'])
  })

  it('holds across instances: a second server on the same database waits for the first’s slot', async () => {
    const { app, mock, database, ai } = server()
    ai.concurrency = 1
    const other = await buildApp({
      config: testConfig({ ai }),
      database,
      logger: loggerOptions('trace', testLogStream()),
    })
    const otherOrigin = await other.listen({ port: 0, host: '127.0.0.1' })
    try {
      const slow = gate()
      mock.queue({ kind: 'gated', gate: slow.opened, then: { kind: 'letter' } })
      const here = await userWithLetter(app, 'Here Sender')
      const there = await userWithLetter(app, 'There Sender')

      const first = await AiStream.open(origin, here.cookie, { letterId: here.letter.id })
      await first.next('started')
      const second = await AiStream.open(otherOrigin, there.cookie, { letterId: there.letter.id })
      expect((await second.next('queued')).data).toEqual({ position: 1 })

      slow.open()
      await second.next('done')
      expect(askedFor()).toEqual(['Here Sender', 'There Sender'])
    } finally {
      await other.close()
    }
  })

  it('drops a slot whose instance stopped answering, and goes ahead', async () => {
    const { app, database, ai } = server()
    ai.concurrency = 1
    const gone = await signedUp(app)
    // A generation of an instance that died a while ago: started, its heartbeat two minutes old.
    await database.query(
      `insert into ai_queue (id, user_id, priority, enqueued_at, started_at, heartbeat_at)
       values (gen_random_uuid(), $1, 0, now() - interval '3 minutes', now() - interval '3 minutes',
         now() - interval '2 minutes')`,
      [gone.user.id],
    )
    const { cookie, letter } = await userWithLetter(app, 'After Sender')

    const stream = await AiStream.open(origin, cookie, { letterId: letter.id })
    await stream.next('done')
    // The stream ends once the attempt has left the line and been recorded.
    await stream.closed()

    expect(stream.events.filter((event) => event.event === 'queued')).toEqual([])
    expect(await queueRows()).toEqual([])
  })

  it('answers AI_TIMEOUT to a request that waited AI_QUEUE_TIMEOUT_MS without a slot, and takes it out of line', async () => {
    const { app, mock, ai, database } = server()
    ai.concurrency = 1
    ai.queueTimeoutMs = 1_500
    const slow = gate()
    mock.queue({ kind: 'gated', gate: slow.opened, then: { kind: 'letter' } })
    const runner = await userWithLetter(app, 'Runner Sender')
    const waiter = await userWithLetter(app, 'Waiter Sender')

    const running = await AiStream.open(origin, runner.cookie, { letterId: runner.letter.id })
    await running.next('started')
    const waiting = await AiStream.open(origin, waiter.cookie, { letterId: waiter.letter.id })
    expect((await waiting.next('queued')).data).toEqual({ position: 1 })
    const error = await waiting.next('error')
    expect(error.data).toMatchObject({ code: 'AI_TIMEOUT' })
    expect(String(error.data.message)).toMatch(/waited too long for its turn/)
    await waiting.closed()
    // Only the running generation holds a place; the one that gave up is recorded as timed out.
    expect(await queueRows()).toEqual([{ priority: 1, started: true }])
    const usage = (await database.query('select outcome from ai_usage where user_id = $1', [
      waiter.user.id,
    ])) as { outcome: string }[]
    expect(usage).toEqual([{ outcome: 'timeout' }])
    expect(askedFor()).toEqual(['Runner Sender'])

    slow.open()
    await running.next('done')
    await running.closed()
  })
})

describe('who has priority', () => {
  it('an active Annual 8 Letters purchase: not another plan, not once refunded, not once expired', async () => {
    const { app, database, clock } = server()
    const db = database.db
    const now = clock.now()
    const none = await signedUp(app)
    expect(await priorityOf(db, none.user.id, now)).toBe(1)

    const annual4 = await signedUp(app)
    await buy(app, annual4.cookie, 'annual4')
    expect(await priorityOf(db, annual4.user.id, now)).toBe(1)

    const annual8 = await signedUp(app)
    await buy(app, annual8.cookie, 'annual8')
    expect(await priorityOf(db, annual8.user.id, now)).toBe(0)
    // Annual letters expire 365 days after purchase.
    expect(await priorityOf(db, annual8.user.id, new Date(now.getTime() + 366 * 86_400_000))).toBe(
      1,
    )

    const refunded = await signedUp(app)
    const purchase = await buy(app, refunded.cookie, 'annual8')
    const admin = await signedUpAdmin(app)
    const refund = await post(app, `/api/admin/subscriptions/${purchase}/refund`, {}, admin.cookie)
    expect(refund.statusCode, refund.body).toBe(201)
    expect(await priorityOf(db, refunded.user.id, now)).toBe(1)
  })
})
