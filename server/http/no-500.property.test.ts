import { METHODS } from 'node:http'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ADMIN_PATHS, ADMIN_TABLES, adminCsvPath, adminTablePath } from '@/domain/admin-api'
import { API_PATHS } from '@/domain/api'
import { INBOX_PATHS } from '@/domain/inbox-api'
import { MUTATION_NAMES, type PushResponse, SYNC_PATHS } from '@/domain/sync'
import { signedUpAdmin } from '../test-support/admin'
import { TRICKY } from '../test-support/hostile-input'
import { newLetter, SyncDevice } from '../test-support/sync-device'
import { PASSWORD, setupTestServer, signedUp, TEST_ADMIN_SECRET } from '../test-support/test-server'

// Thousands of requests from one address: the per-address limit is tested elsewhere.
const server = setupTestServer({
  config: { authRateLimit: 1_000_000 },
  inboxRateLimits: {
    messages: { max: 1_000_000, timeWindowMs: 60_000 },
    errors: { max: 1_000_000, timeWindowMs: 60_000 },
  },
})

/** Enough to find what a client can break, few enough that the file runs in seconds. */
const RUNS = { numRuns: 200 }

type Method = NonNullable<InjectOptions['method']>

/** A request as these tests send it: a string URL, a string body. */
type Request = {
  method: Method
  url: string
  payload?: string
  headers?: Record<string, string>
}

/** The admin's reads: its stats, and each table's pages and CSV. */
const ADMIN_READS = [
  ADMIN_PATHS.stats,
  ...ADMIN_TABLES.flatMap((table) => [adminTablePath(table), adminCsvPath(table)]),
]

const ROUTES: { method: Method; path: string }[] = [
  { method: 'GET', path: API_PATHS.health },
  { method: 'GET', path: API_PATHS.openapi },
  { method: 'POST', path: API_PATHS.signUp },
  { method: 'POST', path: API_PATHS.adminSignUp },
  { method: 'POST', path: API_PATHS.signIn },
  { method: 'POST', path: API_PATHS.signOut },
  { method: 'GET', path: API_PATHS.me },
  { method: 'GET', path: API_PATHS.sessions },
  { method: 'POST', path: API_PATHS.signOutOthers },
  { method: 'POST', path: API_PATHS.changePassword },
  { method: 'POST', path: API_PATHS.passwordReset },
  { method: 'POST', path: API_PATHS.passwordResetConfirm },
  { method: 'GET', path: API_PATHS.accountExport },
  { method: 'DELETE', path: API_PATHS.account },
  { method: 'POST', path: SYNC_PATHS.push },
  { method: 'POST', path: SYNC_PATHS.pull },
  // GET /api/sync/events is left out: with a session it streams until the client goes away,
  // which inject cannot do; without one it is a 401 (server/sync/events.test.ts).
  { method: 'POST', path: INBOX_PATHS.messages },
  { method: 'POST', path: INBOX_PATHS.errors },
  ...ADMIN_READS.map((path) => ({ method: 'GET' as const, path })),
]

const FIELDS = [
  'fullName',
  'email',
  'password',
  'role',
  'adminSecret',
  'currentPassword',
  'newPassword',
  'token',
  'clientId',
  'schemaVersion',
  'mutations',
  'cursor',
  'limit',
  'name',
  'subject',
  'message',
  'stack',
  'route',
] as const

/** Strings of every kind: printable, any code point, control characters, whole graphemes. */
const text = fc.oneof(
  fc.string(),
  fc.string({ unit: fc.constantFrom(...TRICKY), maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: 'binary-ascii', maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
)

/** Values for a field: some of them right (so the route goes deeper), most of them not. */
const fieldValue = fc.oneof(
  { weight: 4, arbitrary: text },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3, stringUnit: 'binary' }) },
  { weight: 2, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: text.map((local) => `${local}@example.com`) },
  {
    weight: 2,
    arbitrary: fc.constantFrom('user', 'employee', 'admin', PASSWORD, TEST_ADMIN_SECRET, '', ' '),
  },
  { weight: 1, arbitrary: fc.string({ minLength: 8, maxLength: 140 }) },
  { weight: 1, arbitrary: text.map((name) => `Person ${name}`) },
)

/** Objects made of the routes' own field names (and a few dangerous ones) with arbitrary values. */
const fieldsObject = fc.dictionary(
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...FIELDS) },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString', 'id') },
    { weight: 1, arbitrary: fc.string() },
  ),
  fieldValue,
  { maxKeys: 8 },
)

/** How a request carries a session: the real one, none, or something else. */
type CookieChoice = { kind: 'valid' } | { kind: 'none' } | { kind: 'raw'; header: string }

/** Characters a header value may hold on the wire; anything else never reaches the server. */
const headerText = fc
  .string({ unit: 'binary-ascii', maxLength: 200 })
  .map((value) => value.replace(/[^\t\x20-\x7e\x80-\xff]/g, ''))

const cookieChoice: fc.Arbitrary<CookieChoice> = fc.oneof(
  fc.constant<CookieChoice>({ kind: 'valid' }),
  fc.constant<CookieChoice>({ kind: 'none' }),
  headerText.map((value): CookieChoice => ({ kind: 'raw', header: `letterhead_session=${value}` })),
  headerText.map((header): CookieChoice => ({ kind: 'raw', header })),
)

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  '',
]

/** A session of an account made for these tests, made again whenever a request ended it. */
let session: string | undefined
async function validCookie(app: FastifyInstance): Promise<string> {
  session ??= (await signedUp(app)).cookie
  return session
}

function cookieHeader(choice: CookieChoice, valid: string): Record<string, string> {
  if (choice.kind === 'valid') return { cookie: valid }
  if (choice.kind === 'raw') return { cookie: choice.header }
  return {}
}

function describeRequest(options: Request): string {
  const body = options.payload ?? ''
  return `${options.method} ${options.url} ${JSON.stringify(options.headers)} ${body.slice(0, 300)}`
}

/** Never a 5xx; every refusal under /api in the error shape. */
function expectSound(options: Request, response: LightMyRequestResponse) {
  const request = describeRequest(options)
  expect(response.statusCode, `${request} → ${response.body.slice(0, 300)}`).toBeLessThan(500)
  const { url } = options
  if (response.statusCode < 400 || !(url === '/api' || url.startsWith('/api/'))) return
  expect(response.headers['content-type'], request).toMatch(/^application\/json/)
  if (options.method === 'HEAD') return
  const answer = JSON.parse(response.body) as unknown
  expect(answer, request).toEqual({
    error: { code: expect.any(String), message: expect.any(String) },
  })
  const { error } = answer as { error: { code: string; message: string } }
  expect(error.message.trim(), request).not.toBe('')
  expect(error.code, request).toMatch(/^[A-Z_]+$/)
}

async function sendAndCheck(app: FastifyInstance, options: Request) {
  const response = await app.inject(options)
  expectSound(options, response)
  // A sign-out that went through ends the session these tests share.
  if (options.url === API_PATHS.signOut && response.statusCode < 300) session = undefined
  if (options.url === API_PATHS.changePassword && response.statusCode < 300) session = undefined
  if (options.url === API_PATHS.account && response.statusCode < 300) session = undefined
  return response
}

describe('no request a client can send gets a 500', () => {
  it('any JSON value to any route', async () => {
    const { app } = server()
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        fc.jsonValue({ stringUnit: 'binary' }),
        cookieChoice,
        async (route, value, cookie) => {
          await sendAndCheck(app, {
            method: route.method,
            url: route.path,
            payload: JSON.stringify(value),
            headers: {
              'content-type': 'application/json',
              ...cookieHeader(cookie, await validCookie(app)),
            },
          })
        },
      ),
      RUNS,
    )
  })

  it('objects of the routes’ own fields with arbitrary values, to every POST route', async () => {
    const { app } = server()
    const postRoutes = ROUTES.filter((route) => route.method === 'POST')
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...postRoutes),
        fieldsObject,
        cookieChoice,
        async (route, body, cookie) => {
          await sendAndCheck(app, {
            method: 'POST',
            url: route.path,
            payload: JSON.stringify(body),
            headers: {
              'content-type': 'application/json',
              ...cookieHeader(cookie, await validCookie(app)),
            },
          })
        },
      ),
      RUNS,
    )
  })

  it('valid bodies with some of their fields given arbitrary values, to every POST route', async () => {
    const { app } = server()
    const account = await signedUp(app)
    let unique = 0
    const validBody: Record<string, () => Record<string, unknown>> = {
      [API_PATHS.signUp]: () => ({
        fullName: 'Property Person',
        email: `property${(unique += 1)}@example.com`,
        password: PASSWORD,
        role: 'employee',
      }),
      [API_PATHS.adminSignUp]: () => ({
        fullName: 'Property Admin',
        email: `property-admin${(unique += 1)}@example.com`,
        password: PASSWORD,
        adminSecret: TEST_ADMIN_SECRET,
      }),
      [API_PATHS.signIn]: () => ({ email: account.body.email, password: PASSWORD }),
      [API_PATHS.changePassword]: () => ({ currentPassword: PASSWORD, newPassword: PASSWORD }),
      [API_PATHS.signOut]: () => ({}),
      [API_PATHS.signOutOthers]: () => ({}),
      [API_PATHS.passwordReset]: () => ({ email: account.body.email }),
      [API_PATHS.passwordResetConfirm]: () => ({ token: 'A'.repeat(43), password: PASSWORD }),
      [SYNC_PATHS.push]: () => ({
        clientId: crypto.randomUUID(),
        schemaVersion: 1,
        mutations: [{ id: 1, name: 'settings.set', args: { key: 'theme', value: 'dark' } }],
      }),
      [SYNC_PATHS.pull]: () => ({ clientId: crypto.randomUUID(), cursor: 0, limit: 10 }),
      [INBOX_PATHS.messages]: () => ({
        name: 'Property Visitor',
        email: 'visitor@example.com',
        subject: 'A question',
        message: 'Hello there.',
      }),
      [INBOX_PATHS.errors]: () => ({ message: 'TypeError', stack: 'at x', route: '/app' }),
    }
    const postRoutes = ROUTES.filter((route) => route.method === 'POST')
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...postRoutes),
        fc.array(fc.tuple(fc.constantFrom(...FIELDS), fieldValue), { minLength: 1, maxLength: 3 }),
        cookieChoice,
        async (route, replacements, cookie) => {
          const body = validBody[route.path]?.() ?? {}
          for (const [field, value] of replacements) {
            // Only the route's own fields, so the rest of the body still passes.
            if (field in body) body[field] = value
          }
          await sendAndCheck(app, {
            method: 'POST',
            url: route.path,
            payload: JSON.stringify(body),
            headers: {
              'content-type': 'application/json',
              ...cookieHeader(cookie, await validCookie(app)),
            },
          })
        },
      ),
      RUNS,
    )
  })

  it('sync pushes of every mutation with some of its args given arbitrary values: each refused alone', async () => {
    const { app } = server()
    const device = new SyncDevice(app, (await signedUp(app)).cookie)
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            name: fc.oneof(
              { weight: 8, arbitrary: fc.constantFrom(...MUTATION_NAMES) },
              { weight: 1, arbitrary: text },
            ),
            replacements: fc.array(fc.tuple(fc.nat(), fieldValue), { maxLength: 2 }),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        async (plan) => {
          const letter = newLetter()
          const mutations = [
            device.mutation('letters.create', { letter }),
            ...plan.map(({ name, replacements }) => {
              const args = argsFor(name, letter.id)
              for (const [at, value] of replacements) replaceLeaf(args, at, value)
              return device.raw(name, args)
            }),
          ]
          const request: Request = {
            method: 'POST',
            url: SYNC_PATHS.push,
            payload: JSON.stringify({ clientId: device.clientId, schemaVersion: 1, mutations }),
            headers: { 'content-type': 'application/json', cookie: device.cookie },
          }
          const response = await sendAndCheck(app, request)
          expect(response.statusCode, describeRequest(request)).toBe(200)
          const answer = response.json<PushResponse>()
          expect(answer.lastMutationId).toBe(mutations.at(-1)?.id)
          const ids = new Set(mutations.map((mutation) => mutation.id))
          for (const refusal of answer.refused) expect(ids.has(refusal.id)).toBe(true)
        },
      ),
      RUNS,
    )
  })

  it('arbitrary bytes under arbitrary content types to every route', async () => {
    const { app } = server()
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        fc.constantFrom(...CONTENT_TYPES),
        fc.oneof(
          text,
          fc.jsonValue().map((value) => JSON.stringify(value).slice(0, -1)),
        ),
        cookieChoice,
        async (route, contentType, payload, cookie) => {
          await sendAndCheck(app, {
            method: route.method === 'GET' ? 'POST' : route.method,
            url: route.path,
            payload,
            headers: {
              ...(contentType ? { 'content-type': contentType } : {}),
              ...cookieHeader(cookie, await validCookie(app)),
            },
          })
        },
      ),
      RUNS,
    )
  })
})

/** Path pieces a client may send, each percent-escape well formed (valid UTF-8). */
const WELL_FORMED_PIECES = [
  ..."abcxyzAZ09-._~!$&'()*+,;=:@/".split(''),
  'api',
  'auth',
  'sign-up',
  'sign-in',
  'me',
  'sessions',
  'health',
  '..',
  '//',
  '?',
  '?x=1',
  '?x=%zz',
  '#frag',
  '%20',
  '%2F',
  '%2f',
  '%2E',
  '%2e%2e',
  '%00',
  '%25',
  '%3F',
  '%23',
  '%C3%A9',
  '%E2%82%AC',
  '%F0%9F%98%80',
]

/** Pieces a path cannot be decoded from: a lone %, a bad escape, bytes that are not UTF-8. */
const MALFORMED_PIECES = ['%', '%zz', '%4', '%FF', '%C0%AF', '%E2%82', '%ED%A0%80']

const pathUnder = (pieces: string[]) =>
  fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).map((parts) => parts.join(''))

/** Any path at all: built from pieces, or any string, as a client could send it. */
const anyPath = fc.oneof(
  pathUnder([...WELL_FORMED_PIECES, ...MALFORMED_PIECES]),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ maxLength: 60 }),
)

/** Paths the router can decode: no % but in a well-formed escape. */
const decodablePath = fc.oneof(
  pathUnder(WELL_FORMED_PIECES),
  fc.string({ unit: 'binary', maxLength: 60 }).filter((path) => !path.includes('%')),
  fc.string({ maxLength: 60 }).filter((path) => !path.includes('%')),
)

const method = fc.constantFrom<Method>(...METHODS)

const optionalBody = fc.option(
  fc.oneof(
    fc.jsonValue().map((value) => JSON.stringify(value)),
    fieldsObject.map((value) => JSON.stringify(value)),
  ),
  { nil: undefined },
)

/** The admin's query parameters, and a few it does not take. */
const QUERY_KEYS = ['limit', 'cursor', 'q', 'from', 'to', 'sort', 'limit[]'] as const

/** Cursors as a client could forge them: our shape with any table, time and id, or any JSON. */
const forgedCursor = fc
  .oneof(
    fc.tuple(
      fc.oneof(fc.constantFrom<string>(...ADMIN_TABLES), text),
      fc.oneof(
        fc.date().map((date) => (Number.isNaN(date.getTime()) ? 'NaN' : date.toISOString())),
        fc.date({ noInvalidDate: true }).map((date) => date.toISOString().replace(/Z$/, '000Z')),
        text,
      ),
      fc.oneof(fc.uuid(), text),
    ),
    fc.jsonValue(),
  )
  .map((value) => Buffer.from(JSON.stringify(value) ?? '').toString('base64url'))

/** Values for the query: numbers, dates at the calendar's edges, forged cursors, any text. */
const queryValue = fc.oneof(
  { weight: 3, arbitrary: text },
  { weight: 2, arbitrary: fc.integer({ min: -1000, max: 1000 }).map(String) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '0',
      '1',
      '100',
      '101',
      '1e2',
      '0x10',
      ' 5 ',
      '2026-11-25',
      '2026-02-29',
      '2024-02-29',
      '0000-01-01',
      '0001-01-01',
      '9999-12-31',
      '2026-11-25T09:00:00Z',
      '2026-11-25T09:00:00.123456789+14:00',
      '9999-12-31T23:59:59-23:59',
      '0001-01-01T00:00:00+23:59',
      '%',
      '_',
      '\\',
    ),
  },
  { weight: 2, arbitrary: fc.date({ noInvalidDate: true }).map((date) => date.toISOString()) },
  { weight: 2, arbitrary: forgedCursor },
)

/** A value as it goes in a URL; one that cannot be encoded (a lone surrogate) goes as bad bytes. */
function encodeQueryPart(value: string): string {
  try {
    return encodeURIComponent(value)
  } catch {
    return '%ED%A0%80'
  }
}

describe('the admin’s pages and CSVs, as an admin', () => {
  it('any query string gets a page, a CSV or a 400, never a 500', async () => {
    const { app } = server()
    const admin = await signedUpAdmin(app)
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ADMIN_READS),
        fc.array(fc.tuple(fc.constantFrom(...QUERY_KEYS), queryValue), { maxLength: 4 }),
        async (path, pairs) => {
          const query = pairs
            .map(([key, value]) => `${encodeQueryPart(key)}=${encodeQueryPart(value)}`)
            .join('&')
          const options: Request = {
            method: 'GET',
            url: query ? `${path}?${query}` : path,
            headers: { cookie: admin.cookie },
          }
          const response = await sendAndCheck(app, options)
          expect([200, 400], describeRequest(options)).toContain(response.statusCode)
        },
      ),
      RUNS,
    )
  })
})

describe('arbitrary paths under /api/ with arbitrary methods', () => {
  it('never get a 500, even when the path cannot be decoded', async () => {
    const { app } = server()
    await fc.assert(
      fc.asyncProperty(method, anyPath, optionalBody, async (verb, path, body) => {
        const options: Request = {
          method: verb,
          url: `/api/${path}`,
          ...(body === undefined
            ? {}
            : { payload: body, headers: { 'content-type': 'application/json' } }),
        }
        const response = await app.inject(options)
        expect(response.statusCode, describeRequest(options)).toBeLessThan(500)
      }),
      RUNS,
    )
  })

  it('are answered in the error shape whenever they are refused', async () => {
    const { app } = server()
    await fc.assert(
      fc.asyncProperty(method, decodablePath, optionalBody, async (verb, path, body) => {
        await sendAndCheck(app, {
          method: verb,
          url: `/api/${path}`,
          ...(body === undefined
            ? {}
            : { payload: body, headers: { 'content-type': 'application/json' } }),
        })
      }),
      RUNS,
    )
  })

  // Fastify refuses a path it cannot decode before any hook runs; frameworkErrors keeps the shape.
  it('a path that cannot be decoded is answered in the error shape too', async () => {
    const { app } = server()
    for (const piece of MALFORMED_PIECES) {
      const options: Request = { method: 'GET', url: `/api/auth/${piece}` }
      const response = await app.inject(options)
      expect(response.statusCode).toBe(400)
      expectSound(options, response)
    }
  })
})

/** Args a mutation of `name` would take for the letter `id` (or none, for a name that is not one). */
function argsFor(name: string, id: string): Record<string, unknown> {
  const { id: _id, generator, createdAt, subscriptionId: _s, ...input } = newLetter()
  const change = { versionId: crypto.randomUUID(), baseVersion: 1 }
  const args: Record<string, Record<string, unknown>> = {
    'letters.create': { letter: newLetter() },
    'letters.complete': { id, content: 'Dear Bob,', generator },
    'letters.fail': { id, reason: 'gave up' },
    'letters.restart': { id, subscriptionId: 'sub-1' },
    'letters.editContent': { id, content: 'Edited.', ...change },
    'letters.replaceAnswers': { id, input, content: 'Again.', generator, ...change },
    'letters.restoreVersion': { id, restoredId: crypto.randomUUID(), ...change },
    'letters.setReplyState': { id, state: 'received' },
    'letters.upload': {
      letter: {
        ...input,
        id: crypto.randomUUID(),
        content: 'Uploaded.',
        status: 'completed',
        generator,
        createdAt,
        updatedAt: createdAt,
      },
      versions: [],
    },
    'settings.set': { key: 'letterEngine', value: { kind: 'built-in' } },
    'settings.remove': { key: 'pdfPageSize' },
  }
  // Own keys only: a drawn name such as "valueOf" must not find Object.prototype's function.
  return Object.hasOwn(args, name) ? (args[name] ?? { id }) : { id }
}

/** Sets the `at`-th value found in `args` (objects followed one level down) to `value`. */
function replaceLeaf(args: Record<string, unknown>, at: number, value: unknown) {
  const leaves: [Record<string, unknown>, string][] = []
  for (const [key, field] of Object.entries(args)) {
    leaves.push([args, key])
    if (typeof field === 'object' && field !== null && !Array.isArray(field)) {
      const inner = field as Record<string, unknown>
      for (const innerKey of Object.keys(inner)) leaves.push([inner, innerKey])
    }
  }
  const leaf = leaves[at % leaves.length]
  if (leaf) leaf[0][leaf[1]] = value
}
