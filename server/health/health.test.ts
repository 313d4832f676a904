import { describe, expect, it } from 'vitest'
import { ADMIN_PATHS, ADMIN_TABLES, adminCsvPath, adminTablePath } from '@/domain/admin-api'
import { AI_PATHS } from '@/domain/ai-api'
import { API_PATHS, SYNC_SCHEMA_VERSION } from '@/domain/api'
import { CHECKOUT_PATHS } from '@/domain/checkout'
import { INBOX_PATHS } from '@/domain/inbox-api'
import { MONEY_PATHS } from '@/domain/money-api'
import { SYNC_PATHS } from '@/domain/sync'
import { buildApp } from '../app'
import { loggerOptions } from '../http/logger'
import { databaseKind, freshDatabase } from '../test-support/test-database'
import { testLogStream } from '../test-support/test-log'
import { get, setupTestServer, testConfig } from '../test-support/test-server'

const server = setupTestServer()

describe('GET /api/health', () => {
  it('answers 200 with the database kind of this run and the sync schema version', async () => {
    const response = await get(server().app, API_PATHS.health)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(response.json()).toEqual({
      status: 'ok',
      database: databaseKind(),
      schemaVersion: 3,
    })
    // Schema 2 added purchases and commissions to pulls (decision 025); schema 3 letters' guided
    // answers and reply tracking (decision 030).
    expect(SYNC_SCHEMA_VERSION).toBe(3)
  })

  it('answers 503 in the error shape when the database does not answer', async () => {
    const fresh = await freshDatabase()
    const app = await buildApp({
      config: testConfig(),
      database: fresh.database,
      logger: loggerOptions('trace', testLogStream()),
    })
    try {
      await app.ready()
      expect((await get(app, API_PATHS.health)).statusCode).toBe(200)
      await fresh.drop()
      const response = await get(app, API_PATHS.health)
      expect(response.statusCode).toBe(503)
      expect(response.headers['content-type']).toMatch(/^application\/json/)
      expect(response.json()).toEqual({
        error: {
          code: 'DATABASE_UNAVAILABLE',
          message: 'The Letterhead server cannot reach its database right now.',
        },
      })
    } finally {
      await app.close()
    }
  })
})

type OpenApi = { openapi: string; info: { title: string }; paths: Record<string, object> }

/** A route's path as OpenAPI writes it: `:code` becomes `{code}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}')

/** Every API route and its methods; OpenAPI documents each but its own document. */
const ROUTES: Record<string, string[]> = {
  [API_PATHS.health]: ['get'],
  [API_PATHS.signUp]: ['post'],
  [API_PATHS.adminSignUp]: ['post'],
  [API_PATHS.signIn]: ['post'],
  [API_PATHS.signOut]: ['post'],
  [API_PATHS.me]: ['get'],
  [API_PATHS.sessions]: ['get'],
  [API_PATHS.signOutOthers]: ['post'],
  [API_PATHS.changePassword]: ['post'],
  [API_PATHS.passwordReset]: ['post'],
  [API_PATHS.passwordResetConfirm]: ['post'],
  [API_PATHS.accountExport]: ['get'],
  [API_PATHS.account]: ['delete'],
  [SYNC_PATHS.push]: ['post'],
  [SYNC_PATHS.pull]: ['post'],
  [SYNC_PATHS.events]: ['get'],
  [CHECKOUT_PATHS.checkout]: ['post'],
  [CHECKOUT_PATHS.options]: ['get'],
  [openApiPath(CHECKOUT_PATHS.coupon)]: ['get'],
  [MONEY_PATHS.referrals]: ['get'],
  [openApiPath(MONEY_PATHS.refund)]: ['post'],
  [MONEY_PATHS.payouts]: ['get', 'post'],
  [openApiPath(MONEY_PATHS.payoutCsv)]: ['get'],
  [ADMIN_PATHS.stats]: ['get'],
  [AI_PATHS.status]: ['get'],
  [AI_PATHS.generate]: ['post'],
  [AI_PATHS.adminUsage]: ['get'],
  ...Object.fromEntries(
    ADMIN_TABLES.flatMap((table) => [
      [adminTablePath(table), ['get']],
      [adminCsvPath(table), ['get']],
    ]),
  ),
  [INBOX_PATHS.messages]: ['post'],
  [INBOX_PATHS.errors]: ['post'],
}

describe('GET /api/openapi.json', () => {
  it('is OpenAPI 3 and lists every API path but its own', async () => {
    const response = await get(server().app, API_PATHS.openapi)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    const document = response.json<OpenApi>()
    expect(document.openapi).toMatch(/^3\./)
    expect(document.info.title).toBeTruthy()
    expect(Object.keys(document.paths).sort()).toEqual(Object.keys(ROUTES).sort())
  })

  it('describes each route with its method and the body it takes', async () => {
    const { paths } = (await get(server().app, API_PATHS.openapi)).json<OpenApi>()
    const methods = Object.fromEntries(
      Object.entries(paths).map(([path, operations]) => [path, Object.keys(operations).sort()]),
    )
    expect(methods).toEqual(ROUTES)
    const signUp = JSON.stringify(paths[API_PATHS.signUp])
    for (const field of ['fullName', 'email', 'password', 'role']) expect(signUp).toContain(field)
    expect(JSON.stringify(paths[API_PATHS.changePassword])).toContain('newPassword')
    expect(JSON.stringify(paths[API_PATHS.account])).toContain('password')
    const exported = JSON.stringify(paths[API_PATHS.accountExport])
    for (const field of ['profile', 'letters', 'previousVersions', 'purchases', 'credits'])
      expect(exported).toContain(field)
    const push = JSON.stringify(paths[SYNC_PATHS.push])
    for (const field of ['clientId', 'schemaVersion', 'mutations', 'lastMutationId', 'refused'])
      expect(push).toContain(field)
    const pull = JSON.stringify(paths[SYNC_PATHS.pull])
    for (const field of ['cursor', 'limit', 'changes', 'more', 'lettersRemaining'])
      expect(pull).toContain(field)
    const users = JSON.stringify(paths[adminTablePath('users')])
    for (const field of ['limit', 'cursor', 'q', 'from', 'to', 'letterCount'])
      expect(users).toContain(field)
    const message = JSON.stringify(paths[INBOX_PATHS.messages])
    for (const field of ['name', 'email', 'subject', 'message']) expect(message).toContain(field)
  })
})
