import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { API_PATHS } from '@/domain/api'
import { CHECKOUT_PATHS } from '@/domain/checkout'
import { INBOX_PATHS } from '@/domain/inbox-api'
import { SYNC_PATHS } from '@/domain/sync'
import { EventStream } from './test-support/event-stream'
import { GOOD_CARD } from './test-support/purchases'
import { SyncDevice } from './test-support/sync-device'
import { get, newAccountBody, post, signedUp } from './test-support/test-server'
import { setupTwoInstances } from './test-support/two-instances'

/**
 * Two instances of the server on one database behave as one service
 * (decision 036): sessions, rate limits, checkouts under one idempotency key
 * and the sync signal are all kept in the database, not in either process.
 */

const AUTH_LIMIT = 30
const MESSAGE_LIMIT = 4
const instances = setupTwoInstances({
  config: { authRateLimit: AUTH_LIMIT },
  inboxRateLimits: { messages: { max: MESSAGE_LIMIT, timeWindowMs: 60_000 } },
})
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)
/** Where instance two listens for event streams (inject cannot stream). */
const STREAM_PORT = 4432

function buy(app: FastifyInstance, cookie: string, key: string, couponCode?: string) {
  return app.inject({
    method: 'POST',
    url: CHECKOUT_PATHS.checkout,
    payload: { plan: 'annual4', card: GOOD_CARD, ...(couponCode ? { couponCode } : {}) },
    headers: { cookie, 'idempotency-key': key },
  })
}

const signInFrom = (app: FastifyInstance, address: string) =>
  app.inject({
    method: 'POST',
    url: API_PATHS.signIn,
    payload: { email: newAccountBody().email, password: 'whatever it is' },
    remoteAddress: address,
  })

async function count(query: string, params: unknown[]): Promise<number> {
  const [row] = (await instances().one.database.query(query, params)) as { n: number }[]
  return row?.n ?? 0
}

describe('two instances on one database', () => {
  it('a session opened on one is signed in on the other, and signing out on either ends it on both', async () => {
    const { one, two } = instances()
    const { cookie, user } = await signedUp(one.app)
    const me = await get(two.app, API_PATHS.me, cookie)
    expect(me.statusCode, me.body).toBe(200)
    expect(me.json<{ user: { id: string } }>().user.id).toBe(user.id)

    expect((await post(two.app, API_PATHS.signOut, undefined, cookie)).statusCode).toBe(204)
    for (const { app } of [one, two]) {
      const after = await get(app, API_PATHS.me, cookie)
      expect(after.statusCode).toBe(401)
      expect(after.json().error.code).toBe('NOT_SIGNED_IN')
    }
  })

  it('counts one address against one limit, whichever instance each request reaches', async () => {
    const { one, two } = instances()
    const address = '10.36.0.1'
    for (let i = 0; i < AUTH_LIMIT; i++) {
      const answer = await signInFrom(i % 2 === 0 ? one.app : two.app, address)
      expect(answer.statusCode, `request ${i + 1}`).toBe(401)
    }
    for (const { app } of [one, two]) {
      const limited = await signInFrom(app, address)
      expect(limited.statusCode).toBe(429)
      expect(limited.json().error.code).toBe('RATE_LIMITED')
      expect(limited.json().error.message).toMatch(
        /^Too many requests from this address\. Please wait \d+ seconds and try again\.$/,
      )
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    }
    // Another address has its own count, on both.
    expect((await signInFrom(two.app, '10.36.0.2')).statusCode).toBe(401)
  })

  it('counts requests that reach both instances at once exactly', async () => {
    const { one, two } = instances()
    const address = '10.36.0.3'
    const answers = await Promise.all(
      Array.from({ length: AUTH_LIMIT + 10 }, (_, i) =>
        signInFrom(i % 2 === 0 ? one.app : two.app, address),
      ),
    )
    const statuses = answers.map((answer) => answer.statusCode)
    expect(statuses.filter((status) => status === 401)).toHaveLength(AUTH_LIMIT)
    expect(statuses.filter((status) => status === 429)).toHaveLength(10)
  })

  it('keeps the contact form to its limit across both', async () => {
    const { one, two } = instances()
    const send = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: INBOX_PATHS.messages,
        payload: {
          name: 'Grace Visitor',
          email: 'grace@example.com',
          subject: 'Two instances',
          message: 'Counted once across both.',
        },
        remoteAddress: '10.36.0.4',
      })
    for (let i = 0; i < MESSAGE_LIMIT; i++) {
      expect((await send(i % 2 === 0 ? one.app : two.app)).statusCode).toBe(201)
    }
    const limited = await send(two.app)
    expect(limited.statusCode).toBe(429)
    expect(limited.json().error.code).toBe('RATE_LIMITED')
    expect(await count(`select count(*)::int as n from contact_messages`, [])).toBe(MESSAGE_LIMIT)
  })

  it('a checkout retried on the other instance under its key buys once, with one commission', async () => {
    const { one, two } = instances()
    const { user: employee } = await signedUp(one.app, 'employee')
    const { cookie, user } = await signedUp(two.app)
    const key = randomUUID()
    const first = await buy(one.app, cookie, key, employee.couponCode)
    expect(first.statusCode, first.body).toBe(201)
    const again = await buy(two.app, cookie, key, employee.couponCode)
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json().subscription.id).toBe(first.json().subscription.id)

    // Sent to both at once under a new key: one buys, the other answers that purchase or waits.
    const both = randomUUID()
    const answers = await Promise.all([
      buy(one.app, cookie, both, employee.couponCode),
      buy(two.app, cookie, both, employee.couponCode),
    ])
    const statuses = answers.map((answer) => answer.statusCode).sort((a, b) => a - b)
    expect(
      [
        [200, 201],
        [201, 409],
      ],
      answers.map((answer) => answer.body).join('\n'),
    ).toContainEqual(statuses)

    expect(
      await count(`select count(*)::int as n from subscriptions where owner_id = $1`, [user.id]),
    ).toBe(2)
    expect(
      await count(
        `select count(*)::int as n from commissions c join subscriptions s on s.id = c.subscription_id
         where s.owner_id = $1`,
        [user.id],
      ),
    ).toBe(2)
    expect(
      await count(`select referrals as n from employee_totals where employee_id = $1`, [
        employee.id,
      ]),
    ).toBe(2)
  })
})

/**
 * PGlite is one process's database: its sync signal stays in the process
 * (decision 019), so pokes between processes need PostgreSQL's LISTEN/NOTIFY.
 */
describe.runIf(onPostgres)(
  'the sync signal between two instances (needs PostgreSQL: set TEST_DATABASE_URL)',
  () => {
    let origin = ''
    beforeAll(async () => {
      origin = await instances().two.app.listen({ port: STREAM_PORT, host: '127.0.0.1' })
    })

    it('a push through instance one pokes a stream open on instance two', async () => {
      const { one, two } = instances()
      const { cookie, user } = await signedUp(one.app)
      const stream = await EventStream.open(`${origin}${SYNC_PATHS.events}`, cookie)
      try {
        expect(await stream.next()).toBe('pull')
        expect(two.signal.listeners(user.id)).toBe(1)
        expect(one.signal.listeners(user.id)).toBe(0)
        const device = new SyncDevice(one.app, cookie)
        await device.push(device.mutation('settings.set', { key: 'theme', value: 'dark' }))
        expect(await stream.next()).toBe('pull')
      } finally {
        stream.close()
      }
    })
  },
)
