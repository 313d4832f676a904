import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll } from 'vitest'
import type { ApiUser } from '@/domain/api'
import { type AppOptions, buildApp } from '../app'
import type { Config } from '../config'
import type { Database } from '../db/database'
import { loggerOptions } from '../http/logger'
import { type Background, createBackground } from '../mail/background'
import { createSyncSignal, type SyncSignal } from '../sync/signal'
import { freshDatabase } from './test-database'
import { recordSecret, testLogStream } from './test-log'

export const TEST_ADMIN_SECRET = 'test-admin-secret-5d1e'
export const PASSWORD = 'correct horse battery staple'
recordSecret(TEST_ADMIN_SECRET)
recordSecret(PASSWORD)

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '',
    databaseUrl: undefined,
    staticDir: '/nonexistent-letterhead-build',
    adminSecret: TEST_ADMIN_SECRET,
    usesDevelopmentAdminSecret: false,
    logLevel: 'trace',
    authRateLimit: 1000,
    trustProxy: false,
    publicOrigin: undefined,
    ...overrides,
  }
}

/** A clock the test moves by hand. */
export class TestClock {
  constructor(public current = new Date('2026-11-25T09:00:00.000Z')) {}
  now = () => new Date(this.current)
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms)
  }
}

export type TestServer = {
  app: FastifyInstance
  database: Database
  clock: TestClock
  /** The app's sync signal, to see who listens. */
  signal: SyncSignal
  /** Where mail is sent from after an answer; `idle()` waits until it has been. */
  background: Background
  /** The server's DATA_DIR: a folder of its own (the development mailbox is in it), removed after. */
  dataDir: string
}

export type TestServerOptions = {
  config?: Partial<Config>
  drawCouponCode?: () => string
  inboxRateLimits?: AppOptions['inboxRateLimits']
}

/** A Letterhead server on a fresh database for the test file, closed after it. */
export function setupTestServer(options: TestServerOptions = {}): () => TestServer {
  let server: TestServer | undefined
  let drop: (() => Promise<void>) | undefined
  let dataDir: string | undefined
  beforeAll(async () => {
    const fresh = await freshDatabase()
    drop = fresh.drop
    const clock = new TestClock()
    const signal = await createSyncSignal(fresh.database)
    const background = createBackground()
    dataDir = mkdtempSync(join(tmpdir(), 'letterhead-server-test-'))
    const app = await buildApp({
      config: testConfig({ dataDir, ...options.config }),
      database: fresh.database,
      logger: loggerOptions('trace', testLogStream()),
      clock: clock.now,
      drawCouponCode: options.drawCouponCode,
      syncSignal: signal,
      inboxRateLimits: options.inboxRateLimits,
      background,
    })
    await app.ready()
    server = { app, database: fresh.database, clock, signal, background, dataDir }
  })
  afterAll(async () => {
    await server?.app.close()
    await drop?.()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })
  return () => {
    if (!server) throw new Error('The test server has not started')
    return server
  }
}

let counter = 0
export function newAccountBody(role: 'user' | 'employee' = 'user') {
  counter += 1
  return {
    fullName: `Test Person ${counter}`,
    email: `person${counter}-${Date.now()}@example.com`,
    password: PASSWORD,
    role,
  }
}

/** The session token a response set, recorded so the log check looks for it. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name.endsWith('letterhead_session'))
  if (!cookie?.value) throw new Error(`No session cookie in the ${response.statusCode} response`)
  recordSecret(cookie.value)
  return `${cookie.name}=${cookie.value}`
}

export async function post(app: FastifyInstance, url: string, payload?: unknown, cookie?: string) {
  return app.inject({
    method: 'POST',
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: cookie ? { cookie } : {},
  })
}

export async function get(app: FastifyInstance, url: string, cookie?: string) {
  return app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })
}

/** Signs up a new account; returns its user and session cookie. */
export async function signedUp(app: FastifyInstance, role: 'user' | 'employee' = 'user') {
  const body = newAccountBody(role)
  const response = await post(app, '/api/auth/sign-up', body)
  if (response.statusCode !== 201)
    throw new Error(`sign-up answered ${response.statusCode}: ${response.body}`)
  return { body, user: response.json<{ user: ApiUser }>().user, cookie: sessionCookie(response) }
}

export async function countRows(database: Database, table: string): Promise<number> {
  const [row] = (await database.query(`select count(*)::int as n from ${table}`)) as { n: number }[]
  return row?.n ?? 0
}
