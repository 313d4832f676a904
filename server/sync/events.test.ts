import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_PATHS } from '@/domain/api'
import { SYNC_PATHS } from '@/domain/sync'
import { buildApp } from '../app'
import { type Database, openDatabase } from '../db/database'
import { loggerOptions } from '../http/logger'
import { EventStream } from '../test-support/event-stream'
import { createScratchDatabase, type ScratchDatabase } from '../test-support/scratch-database'
import { SyncDevice } from '../test-support/sync-device'
import { testLogStream } from '../test-support/test-log'
import {
  get,
  PASSWORD,
  post,
  sessionCookie,
  setupTestServer,
  signedUp,
  testConfig,
} from '../test-support/test-server'

const server = setupTestServer()
let origin = ''

beforeAll(async () => {
  origin = await server().app.listen({ port: 0, host: '127.0.0.1' })
})

/** Long enough for a signal that was going to arrive to have arrived. */
const QUIET_MS = 300

async function until(check: () => boolean, what: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await sleep(10)
  }
}

const setTheme = (device: SyncDevice, value: string) =>
  device.push(device.mutation('settings.set', { key: 'theme', value }))

describe('GET /api/sync/events', () => {
  it('says pull when it opens, and again when another session of the user pushes', async () => {
    const { app, signal } = server()
    const { cookie, body, user } = await signedUp(app)
    const stream = await EventStream.open(`${origin}${SYNC_PATHS.events}`, cookie)
    try {
      expect(stream.response.statusCode).toBe(200)
      expect(stream.response.headers['content-type']).toMatch(/^text\/event-stream/)
      expect(stream.response.headers['cache-control']).toBe('no-store')
      // Security headers (and a refreshed session cookie) come through as on any answer.
      expect(stream.response.headers['x-content-type-options']).toBe('nosniff')
      expect(await stream.next()).toBe('pull')
      expect(signal.listeners(user.id)).toBe(1)

      const signIn = await post(app, API_PATHS.signIn, { email: body.email, password: PASSWORD })
      const laptop = new SyncDevice(app, sessionCookie(signIn))
      await setTheme(laptop, 'dark')
      expect(await stream.next()).toBe('pull')
      // A push that changed nothing (the same batch again) says nothing.
      await laptop.send(SYNC_PATHS.push, {
        clientId: laptop.clientId,
        schemaVersion: 1,
        mutations: [{ id: 1, name: 'settings.set', args: { key: 'theme', value: 'dark' } }],
      })
      await sleep(QUIET_MS)
      expect(stream.waiting).toBe(0)
    } finally {
      stream.close()
    }
    await until(() => signal.listeners(user.id) === 0, 'the stream to stop listening')
  })

  it('is not poked by another user’s push', async () => {
    const { app } = server()
    const me = await signedUp(app)
    const other = await signedUp(app)
    const mine = await EventStream.open(`${origin}${SYNC_PATHS.events}`, me.cookie)
    const theirs = await EventStream.open(`${origin}${SYNC_PATHS.events}`, other.cookie)
    try {
      expect(await mine.next()).toBe('pull')
      expect(await theirs.next()).toBe('pull')
      await setTheme(new SyncDevice(app, other.cookie), 'dark')
      expect(await theirs.next()).toBe('pull')
      await sleep(QUIET_MS)
      expect(mine.waiting).toBe(0)
    } finally {
      mine.close()
      theirs.close()
    }
  })

  it('needs a session', async () => {
    const response = await get(server().app, SYNC_PATHS.events)
    expect(response.statusCode).toBe(401)
    expect(response.json().error.code).toBe('NOT_SIGNED_IN')
  })
})

/** Two servers on one PostgreSQL database, as two processes behind a load balancer would be. */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))(
  'the signal between two servers (needs PostgreSQL: set TEST_DATABASE_URL)',
  () => {
    let scratch: ScratchDatabase | undefined
    const databases: Database[] = []
    const apps: FastifyInstance[] = []
    let onB = ''

    beforeAll(async () => {
      scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '')
      for (let i = 0; i < 2; i++) {
        const database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 2 })
        databases.push(database)
        apps.push(
          await buildApp({
            config: testConfig(),
            database,
            logger: loggerOptions('trace', testLogStream()),
          }),
        )
      }
      onB = (await apps[1]?.listen({ port: 0, host: '127.0.0.1' })) ?? ''
    })

    afterAll(async () => {
      for (const app of apps) await app.close()
      for (const database of databases) await database.close()
      await scratch?.drop()
    })

    it('a push through one server pokes a stream open on the other, through LISTEN/NOTIFY', async () => {
      const [a] = apps
      if (!a) throw new Error('The servers did not start')
      const { cookie } = await signedUp(a)
      const stream = await EventStream.open(`${onB}${SYNC_PATHS.events}`, cookie)
      try {
        expect(await stream.next()).toBe('pull')
        await setTheme(new SyncDevice(a, cookie), 'dark')
        expect(await stream.next()).toBe('pull')
      } finally {
        stream.close()
      }
    })

    it('listens again when its connection drops, and tells every open stream to pull', async () => {
      const [a] = apps
      const [, databaseB] = databases
      if (!a || !databaseB) throw new Error('The servers did not start')
      const { cookie } = await signedUp(a)
      const stream = await EventStream.open(`${onB}${SYNC_PATHS.events}`, cookie)
      try {
        expect(await stream.next()).toBe('pull')
        // Ends every LISTEN connection to this database: both servers lose theirs.
        await databaseB.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and query ilike 'listen %'`,
        )
        // The missed signals are made good with one to everyone, once listening again.
        expect(await stream.next(10_000)).toBe('pull')
        await setTheme(new SyncDevice(a, cookie), 'light')
        expect(await stream.next(10_000)).toBe('pull')
      } finally {
        stream.close()
      }
    })
  },
)
