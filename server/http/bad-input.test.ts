import { randomUUID } from 'node:crypto'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { API_PATHS } from '@/domain/api'
import { SYNC_PATHS } from '@/domain/sync'
import type { Database } from '../db/database'
import { PUSH_BODY_LIMIT } from '../sync/routes'
import {
  countRows,
  newAccountBody,
  PASSWORD,
  post,
  sessionCookie,
  setupTestServer,
  signedUp,
  TEST_ADMIN_SECRET,
} from '../test-support/test-server'

// Hundreds of requests from one address: the per-address limit is not what is tested here.
const server = setupTestServer({ config: { authRateLimit: 100_000 } })

const KB = 1024
const MB = 1024 * KB
/** What the auth routes read at most; the sync routes say their own. */
const AUTH_BODY_LIMIT = 16 * KB
/** The app's default, which the pull keeps. */
const APP_BODY_LIMIT = 256 * KB

type Account = { email: string; cookie: string }

type Route = {
  path: string
  /**
   * Fields where any string is a possible value, only a wrong one (a password
   * to check, the admin secret), with the refusal a wrong one gets.
   */
  checked?: Record<string, { status: number; code: string }>
  /** A body the route would accept; the bad inputs are variations on it. */
  valid: (account: Account) => Record<string, unknown>
  /** Fields it requires, each a string. */
  fields: string[]
  /** Whether it acts on the signed-in session (the cookie is sent). */
  session: boolean
  /** The largest body it reads, in bytes; 16 KB unless said. */
  bodyLimit?: number
}

const ROUTES: Route[] = [
  {
    path: API_PATHS.signUp,
    valid: () => newAccountBody(),
    fields: ['fullName', 'email', 'password', 'role'],
    session: false,
  },
  {
    path: API_PATHS.adminSignUp,
    valid: () => {
      const { fullName, email, password } = newAccountBody()
      return { fullName, email, password, adminSecret: TEST_ADMIN_SECRET }
    },
    fields: ['fullName', 'email', 'password', 'adminSecret'],
    checked: { adminSecret: { status: 403, code: 'INVALID_ADMIN_SECRET' } },
    session: false,
  },
  {
    path: API_PATHS.signIn,
    // The account's own credentials: were a bad request let through, it would open a session.
    valid: ({ email }) => ({ email, password: PASSWORD }),
    fields: ['email', 'password'],
    checked: { password: { status: 401, code: 'INVALID_CREDENTIALS' } },
    session: false,
  },
  {
    path: API_PATHS.changePassword,
    valid: () => ({ currentPassword: PASSWORD, newPassword: 'a different password' }),
    fields: ['currentPassword', 'newPassword'],
    checked: { currentPassword: { status: 400, code: 'WRONG_CURRENT_PASSWORD' } },
    session: true,
  },
  { path: API_PATHS.signOut, valid: () => ({}), fields: [], session: true },
  { path: API_PATHS.signOutOthers, valid: () => ({}), fields: [], session: true },
  {
    path: SYNC_PATHS.push,
    // A client id of its own each time: one registered to another account would be a 403.
    valid: () => ({ clientId: randomUUID(), schemaVersion: 1, mutations: [] }),
    fields: ['clientId'],
    session: true,
    bodyLimit: PUSH_BODY_LIMIT,
  },
  {
    path: SYNC_PATHS.pull,
    valid: () => ({ clientId: randomUUID(), cursor: 0, limit: 10 }),
    fields: ['clientId'],
    session: true,
    bodyLimit: APP_BODY_LIMIT,
  },
]

type Case = {
  name: string
  /** The raw body; a function of the route's valid body. */
  body: (valid: Record<string, unknown>) => string | undefined
  contentType?: string
  status: number
  code?: string
  message?: string | RegExp
}

const JSON_TYPE = 'application/json'
const raw = (text: string) => () => text

/** `valid` with `extra` spliced in as raw JSON, so keys JSON.stringify would drop survive. */
const withRawMember = (extra: string) => (valid: Record<string, unknown>) => {
  const json = JSON.stringify(valid)
  return json === '{}' ? `{${extra}}` : `{${extra},${json.slice(1)}`
}

const NOT_JSON = /JSON/
const SEND_AN_OBJECT = 'Send a JSON object.'

const sizeLabel = (bytes: number) =>
  bytes >= MB && bytes % MB === 0 ? `${bytes / MB} MB` : `${bytes / KB} KB`

/** Bodies over the route's limit, refused before they are read. */
function tooLargeCases(limit: number): Case[] {
  return [
    {
      name: `a body just over ${sizeLabel(limit)}`,
      body: (valid) => {
        const padding = 'x'.repeat(limit)
        return JSON.stringify({ ...valid, padding })
          .slice(0, limit + 1)
          .padEnd(limit + 1)
      },
      status: 413,
      code: 'BODY_TOO_LARGE',
      message: 'That request is too large.',
    },
    {
      name: `a ${sizeLabel(limit + KB)} body of valid JSON`,
      body: (valid) => JSON.stringify({ ...valid, padding: 'x'.repeat(limit + KB) }),
      status: 413,
      code: 'BODY_TOO_LARGE',
    },
    ...(limit < MB
      ? [
          {
            name: 'a 1 MB body',
            body: (valid: Record<string, unknown>) =>
              JSON.stringify({ ...valid, padding: 'x'.repeat(MB) }),
            status: 413,
            code: 'BODY_TOO_LARGE',
          },
        ]
      : []),
  ]
}

/** Bad inputs every route with a body must refuse. */
const COMMON_CASES: Case[] = [
  {
    name: 'invalid JSON',
    body: raw('{"email": '),
    status: 400,
    code: 'INVALID_INPUT',
    message: 'The request body is not valid JSON.',
  },
  {
    name: 'JSON followed by more text',
    body: (valid) => `${JSON.stringify(valid)} and more`,
    status: 400,
    code: 'INVALID_INPUT',
    message: 'The request body is not valid JSON.',
  },
  {
    name: 'single-quoted pseudo-JSON',
    body: raw("{'email': 'a@example.com'}"),
    status: 400,
    code: 'INVALID_INPUT',
  },
  {
    name: 'an empty body sent as JSON',
    body: raw(''),
    status: 400,
    code: 'INVALID_INPUT',
    message: 'The request body is empty; send a JSON object.',
  },
  ...(
    [
      ['text/plain', 'email=a@example.com'],
      ['text/plain; charset=utf-8', '{}'],
      ['application/x-www-form-urlencoded', 'email=a%40example.com&password=x'],
      [
        'multipart/form-data; boundary=xyz',
        '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--xyz--',
      ],
      ['application/xml', '<signIn><email>a@example.com</email></signIn>'],
      ['application/octet-stream', '{}'],
      ['application/jsonp', '{}'],
      ['text/json', '{}'],
    ] as const
  ).map(([contentType, text]): Case => ({
    name: `a body sent as ${contentType}`,
    body: raw(text),
    contentType,
    status: 415,
    message: 'Send the request body as JSON (Content-Type: application/json).',
  })),
  {
    name: 'a body with no Content-Type',
    body: raw('{}'),
    contentType: '',
    status: 415,
    message: NOT_JSON,
  },
  ...(['null', '[]', '"a string"', '42', 'true', '[{}]'] as const).map((json): Case => ({
    name: `the JSON value ${json}`,
    body: raw(json),
    status: 400,
    code: 'INVALID_INPUT',
    message: SEND_AN_OBJECT,
  })),
  {
    name: 'the valid body inside an array',
    body: (valid) => JSON.stringify([valid]),
    status: 400,
    code: 'INVALID_INPUT',
    message: SEND_AN_OBJECT,
  },
  {
    name: 'an unknown extra field',
    body: (valid) => JSON.stringify({ ...valid, isAdmin: true }),
    status: 400,
    code: 'INVALID_INPUT',
    message: 'Unknown field: isAdmin.',
  },
  {
    name: 'two unknown extra fields',
    body: (valid) => JSON.stringify({ ...valid, role2: 'admin', id: 'x' }),
    status: 400,
    code: 'INVALID_INPUT',
    message: /^Unknown fields: .*role2.*id|^Unknown fields: .*id.*role2/,
  },
  {
    name: 'a __proto__ key beside the valid fields',
    body: withRawMember('"__proto__":{"role":"admin","isAdmin":true}'),
    status: 400,
  },
  {
    name: 'a __proto__ key spelled with escapes beside the valid fields',
    body: withRawMember('"\\u005f\\u005fproto__":{"role":"admin","isAdmin":true}'),
    status: 400,
    code: 'INVALID_INPUT',
    message: 'The request body holds a key that is not allowed: __proto__.',
  },
  {
    name: 'a constructor.prototype key beside the valid fields',
    body: withRawMember('"constructor":{"prototype":{"role":"admin","isAdmin":true}}'),
    status: 400,
  },
  {
    name: 'a constructor key beside the valid fields',
    body: withRawMember('"constructor":"Object"'),
    status: 400,
    code: 'INVALID_INPUT',
    message: 'Unknown field: constructor.',
  },
  {
    name: 'a JSON object nested 2,500 deep',
    body: raw(`${'{"a":'.repeat(2_500)}1${'}'.repeat(2_500)}`),
    status: 400,
    code: 'INVALID_INPUT',
  },
  {
    name: 'a JSON array nested 8,000 deep',
    body: raw(`${'['.repeat(8_000)}${']'.repeat(8_000)}`),
    status: 400,
    code: 'INVALID_INPUT',
  },
]

/** Bad values of each field, for the routes that take fields. */
function fieldCases(route: Route): Case[] {
  if (route.fields.length === 0) return []
  const noBody: Case[] = [
    {
      name: 'no body at all',
      body: () => undefined,
      contentType: '',
      status: 400,
      code: 'INVALID_INPUT',
      message: SEND_AN_OBJECT,
    },
    {
      name: 'an empty object',
      body: raw('{}'),
      status: 400,
      code: 'INVALID_INPUT',
      message: `${route.fields[0]} is required.`,
    },
  ]
  return noBody.concat(
    route.fields.flatMap((field): Case[] => {
      const without = (valid: Record<string, unknown>) => {
        const rest = { ...valid }
        delete rest[field]
        return rest
      }
      const value = (fieldValue: unknown) => (valid: Record<string, unknown>) =>
        JSON.stringify({ ...valid, [field]: fieldValue })
      const checked = route.checked?.[field]
      // Too long is a wrong admin secret (it has no length), and malformed for every other field.
      const tooLong = checked?.code === 'INVALID_ADMIN_SECRET' ? checked.status : 400
      return [
        {
          name: `${field} missing`,
          body: (valid) => JSON.stringify(without(valid)),
          status: 400,
          code: 'INVALID_INPUT',
          message: `${field} is required.`,
        },
        ...(
          [
            ['null', null],
            ['a number', 12345678],
            ['a boolean', true],
            ['an array', ['a@example.com']],
            ['an object', { value: 'x' }],
            ['an empty string', ''],
          ] as const
        ).map(([label, bad]): Case => ({
          name: `${field} as ${label}`,
          body: value(bad),
          status: 400,
          code: 'INVALID_INPUT',
        })),
        // Spaces are a wrong password or secret, not a malformed one (and a wrong password counts
        // towards the lockout), so they are bad input only where the field must hold text.
        ...(checked
          ? []
          : [
              {
                name: `${field} as spaces`,
                body: value('   '),
                status: 400,
                code: 'INVALID_INPUT',
              },
            ]),
        {
          name: `${field} 10,000 characters long`,
          body: value('x'.repeat(10_000)),
          status: tooLong,
        },
        {
          name: `${field} 5,000 three-byte characters long`,
          body: value('€'.repeat(5_000)),
          status: tooLong,
        },
        // Text the database cannot store is refused, not a failure of the server.
        ...(['fullName', 'email', 'role'].includes(field)
          ? [
              {
                name: `${field} holding U+0000`,
                body: (valid: Record<string, unknown>) =>
                  JSON.stringify({ ...valid, [field]: `${String(valid[field])}\u0000` }),
                status: 400,
                code: 'INVALID_INPUT',
              },
            ]
          : []),
        {
          name: `${field} with a __proto__ object for a value`,
          body: (valid) =>
            `{"${field}":{"__proto__":{"x":1}},${JSON.stringify(without(valid)).slice(1)}`,
          status: 400,
          code: 'INVALID_INPUT',
        },
      ]
    }),
  )
}

/** What a refused request must leave as it was, read in one query. */
async function snapshot(database: Database) {
  const [row] = await database.query(`select
    (select count(*)::int from users) as users,
    (select count(*)::int from credentials) as credentials,
    (select count(*)::int from sessions) as sessions,
    (select count(*)::int from audit_log) as audit_log,
    (select count(*)::int from sign_in_throttle) as sign_in_throttle,
    (select count(*)::int from sync_clients) as sync_clients,
    (select count(*)::int from letters) as letters,
    (select count(*)::int from letter_versions) as letter_versions,
    (select count(*)::int from user_settings) as user_settings,
    (select json_agg(json_build_array(user_id, password_hash) order by user_id)
       from credentials) as passwords,
    (select json_agg(json_build_array(id, expires_at) order by id) from sessions) as live`)
  return row
}

/** The counts `countRows` gives agree with the snapshot's. */
async function expectCountsAgree(database: Database) {
  const taken = (await snapshot(database)) as Record<string, unknown>
  const tables = ['users', 'credentials', 'sessions', 'audit_log', 'sign_in_throttle']
  tables.push('sync_clients', 'letters', 'letter_versions', 'user_settings')
  for (const table of tables) {
    expect(taken[table], table).toBe(await countRows(database, table))
  }
}

/** A new account signed in twice, so ending "the other sessions" would have something to end. */
async function account(app: FastifyInstance): Promise<Account> {
  const { body, cookie } = await signedUp(app)
  const again = await post(app, API_PATHS.signIn, { email: body.email, password: PASSWORD })
  expect(again.statusCode).toBe(200)
  sessionCookie(again)
  return { email: body.email, cookie }
}

async function send(app: FastifyInstance, route: Route, testCase: Case, who: Account) {
  const body = testCase.body(route.valid(who))
  const contentType = testCase.contentType ?? JSON_TYPE
  return app.inject({
    method: 'POST',
    url: route.path,
    headers: {
      ...(contentType ? { 'content-type': contentType } : {}),
      ...(route.session ? { cookie: who.cookie } : {}),
    },
    ...(body === undefined ? {} : { payload: body }),
  })
}

function expectRefusal(response: LightMyRequestResponse, testCase: Case) {
  expect(response.statusCode, response.body).toBe(testCase.status)
  expect(response.headers['content-type']).toMatch(/^application\/json/)
  const answer = response.json<{ error: { code: unknown; message: unknown } }>()
  expect(Object.keys(answer)).toEqual(['error'])
  expect(Object.keys(answer.error).sort()).toEqual(['code', 'message'])
  expect(typeof answer.error.code).toBe('string')
  expect(typeof answer.error.message).toBe('string')
  expect(String(answer.error.message).trim()).not.toBe('')
  if (testCase.code) expect(answer.error.code).toBe(testCase.code)
  if (typeof testCase.message === 'string') expect(answer.error.message).toBe(testCase.message)
  else if (testCase.message) expect(answer.error.message).toMatch(testCase.message)
  expect(response.cookies, 'a refusal sets or clears no cookie').toHaveLength(0)
}

describe.each(ROUTES)('POST $path', (route) => {
  const cases = [
    ...COMMON_CASES,
    ...tooLargeCases(route.bodyLimit ?? AUTH_BODY_LIMIT),
    ...fieldCases(route),
  ]
  // One account serves while every request is refused and leaves it as it was; after any
  // answer that let something through, the next test takes a new one, so one refusal let
  // through can neither hide nor cause another.
  let current: Account | undefined
  let untouched = false
  async function who(app: FastifyInstance) {
    if (!current || !untouched) current = await account(app)
    untouched = false
    return current
  }

  for (const testCase of cases) {
    it(`refuses ${testCase.name} with ${testCase.status}, changing nothing`, async () => {
      const { app, database } = server()
      const person = await who(app)
      const before = await snapshot(database)
      const response = await send(app, route, testCase, person)
      expectRefusal(response, testCase)
      expect(await snapshot(database)).toEqual(before)
      untouched = true
    })
  }

  it('accepts its valid body, so the refusals above are about the input', async () => {
    const { app } = server()
    const valid: Case = { name: 'valid', body: (body) => JSON.stringify(body), status: 200 }
    const response = await send(app, route, valid, await who(app))
    expect(response.statusCode).toBeGreaterThanOrEqual(200)
    expect(response.statusCode).toBeLessThan(300)
    if (route.fields.length === 0) {
      // As the app calls it: no body at all.
      const bare: Case = { name: 'no body', body: () => undefined, contentType: '', status: 200 }
      const answer = await send(app, route, bare, await who(app))
      expect(answer.statusCode).toBeLessThan(300)
    }
  })
})

describe('after all of the above', () => {
  it('the snapshot counted the rows as countRows does', async () => {
    await expectCountsAgree(server().database)
  })

  it('no prototype was polluted', () => {
    const plain: Record<string, unknown> = {}
    expect(plain.role).toBeUndefined()
    expect(plain.isAdmin).toBeUndefined()
    expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('isAdmin')
  })
})
