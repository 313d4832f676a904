import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll } from 'vitest'
import { type AppOptions, buildApp } from '../app'
import type { Config } from '../config'
import { type Database, openDatabase } from '../db/database'
import { loggerOptions } from '../http/logger'
import { createSyncSignal, type SyncSignal } from '../sync/signal'
import { createScratchDatabase } from './scratch-database'
import { testConfig, TestClock } from './test-server'
import { testLogStream } from './test-log'

export type Instance = { app: FastifyInstance; database: Database; signal: SyncSignal }

export type TwoInstances = {
  /** What the database is: with PGlite both apps share one in-memory database in this process. */
  kind: 'pglite' | 'postgres'
  one: Instance
  two: Instance
  clock: TestClock
}

/**
 * Two Letterhead apps on one database, as two instances behind a load
 * balancer (decision 036). On PostgreSQL (TEST_DATABASE_URL) each has its own
 * pool and its own listening connection to a fresh database, as two processes
 * would; on PGlite, which is one process's database, both apps share the one
 * in-memory database.
 */
export function setupTwoInstances(
  options: { config?: Partial<Config>; inboxRateLimits?: AppOptions['inboxRateLimits'] } = {},
): () => TwoInstances {
  let instances: TwoInstances | undefined
  const databases: Database[] = []
  const apps: FastifyInstance[] = []
  let drop = () => Promise.resolve()
  beforeAll(async () => {
    const adminUrl = process.env.TEST_DATABASE_URL
    let open: () => Promise<Database>
    if (adminUrl) {
      const scratch = await createScratchDatabase(adminUrl, 'letterhead_two')
      drop = scratch.drop
      open = () => openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 3 })
    } else {
      const shared = await openDatabase({ kind: 'pglite', dataDir: null })
      open = () => Promise.resolve(shared)
    }
    const clock = new TestClock()
    const made: Instance[] = []
    for (let i = 0; i < 2; i++) {
      const database = await open()
      if (!databases.includes(database)) databases.push(database)
      const signal = await createSyncSignal(database)
      const app = await buildApp({
        config: testConfig(options.config),
        database,
        logger: loggerOptions('trace', testLogStream()),
        clock: clock.now,
        syncSignal: signal,
        inboxRateLimits: options.inboxRateLimits,
      })
      await app.ready()
      apps.push(app)
      made.push({ app, database, signal })
    }
    const [one, two] = made
    if (!one || !two) throw new Error('The two instances did not start')
    instances = { kind: adminUrl ? 'postgres' : 'pglite', one, two, clock }
  })
  afterAll(async () => {
    for (const app of apps) await app.close()
    for (const database of databases) await database.close()
    await drop()
  })
  return () => {
    if (!instances) throw new Error('The two instances have not started')
    return instances
  }
}
