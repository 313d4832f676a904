import type { FastifyInstance, InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import type { Database } from '../db/database'
import {
  countRows,
  get,
  newAccountBody,
  sessionCookie,
  setupTestServer,
} from '../test-support/test-server'

const HOST = 'letters.test:4173'
const OWN_ORIGIN = `http://${HOST}`
const ORIGIN_REFUSED = {
  error: {
    code: 'ORIGIN_REFUSED',
    message: 'This request did not come from Letterhead, so it was refused.',
  },
}

const TABLES = ['users', 'credentials', 'sessions', 'audit_log', 'sign_in_throttle']
async function counts(database: Database) {
  return Promise.all(TABLES.map((table) => countRows(database, table)))
}

function signUp(app: FastifyInstance, headers: InjectOptions['headers']) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: newAccountBody(),
    headers: { host: HOST, ...headers },
  })
}

/** Signs up from the page; returns the session cookie. */
async function signedInCookie(app: FastifyInstance) {
  const response = await signUp(app, { origin: OWN_ORIGIN })
  expect(response.statusCode).toBe(201)
  return sessionCookie(response)
}

function me(app: FastifyInstance, cookie: string) {
  return app.inject({ method: 'GET', url: '/api/auth/me', headers: { host: HOST, cookie } })
}

describe('the origin check, with the request’s own host as the origin', () => {
  const server = setupTestServer()

  it.each([
    'https://evil.example',
    'http://letters.test:4174',
    'https://letters.test:4173',
    'http://letters.test',
    'http://sub.letters.test:4173',
    'null',
    'http://letters.test:4173.evil.example',
  ])('refuses a POST from %s with 403 ORIGIN_REFUSED and writes nothing', async (origin) => {
    const { app, database } = server()
    const before = await counts(database)
    const response = await signUp(app, { origin })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual(ORIGIN_REFUSED)
    expect(response.cookies).toHaveLength(0)
    expect(await counts(database)).toEqual(before)
  })

  it('refuses the other state-changing routes too, before they touch the session', async () => {
    const { app, database } = server()
    const cookie = await signedInCookie(app)
    const other = await signedInCookie(app)
    const before = await counts(database)
    const foreign = { host: HOST, origin: 'https://evil.example', cookie }
    for (const [url, payload] of [
      ['/api/auth/sign-out', undefined],
      ['/api/auth/sessions/sign-out-others', undefined],
      ['/api/auth/change-password', { currentPassword: 'anything', newPassword: 'a new password' }],
      ['/api/auth/sign-in', { email: 'someone@example.com', password: 'anything at all' }],
      [
        '/api/auth/admin-sign-up',
        { ...newAccountBody(), role: undefined, adminSecret: 'whatever it is' },
      ],
    ] as const) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: foreign,
        ...(payload ? { payload } : {}),
      })
      expect(response.statusCode, url).toBe(403)
      expect(response.json(), url).toEqual(ORIGIN_REFUSED)
      expect(response.cookies, url).toHaveLength(0)
    }
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/api/auth/me', headers: foreign })
      expect(response.statusCode, method).toBe(403)
    }
    expect(await counts(database)).toEqual(before)
    expect((await me(app, cookie)).statusCode).toBe(200)
    expect((await me(app, other)).statusCode).toBe(200)
  })

  it('refuses a foreign POST however its path is spelled', async () => {
    const { app, database } = server()
    const before = await counts(database)
    for (const url of [
      '/%61pi/auth/sign-up',
      '/api/auth/sign%2Dup',
      '/api/auth/sign-up?x=1',
      '/api/auth/sign-up/',
      '/api/auth/%73ign-up',
    ]) {
      const response = await app.inject({
        method: 'POST',
        url,
        payload: newAccountBody(),
        headers: { host: HOST, origin: 'https://evil.example' },
      })
      expect(response.statusCode, url).toBe(403)
      expect(response.json(), url).toEqual(ORIGIN_REFUSED)
    }
    expect(await counts(database)).toEqual(before)
  })

  it('lets a POST from the server’s own origin through', async () => {
    const { app, database } = server()
    const users = await countRows(database, 'users')
    const response = await signUp(app, { origin: OWN_ORIGIN })
    expect(response.statusCode).toBe(201)
    expect(await countRows(database, 'users')).toBe(users + 1)
    const cookie = sessionCookie(response)
    const signOut = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { host: HOST, origin: OWN_ORIGIN, cookie, 'sec-fetch-site': 'same-origin' },
    })
    expect(signOut.statusCode).toBe(204)
    expect((await me(app, cookie)).statusCode).toBe(401)
  })

  it('lets a POST with no Origin through: it comes from a program, not a page', async () => {
    const { app } = server()
    expect((await signUp(app, {})).statusCode).toBe(201)
    expect((await signUp(app, { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201)
    expect((await signUp(app, { 'sec-fetch-site': 'none' })).statusCode).toBe(201)
  })

  it('refuses a POST with no Origin that the browser says is cross-site', async () => {
    const { app, database } = server()
    const before = await counts(database)
    const response = await signUp(app, { 'sec-fetch-site': 'cross-site' })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual(ORIGIN_REFUSED)
    expect(await counts(database)).toEqual(before)
  })

  it('never refuses a GET, HEAD or OPTIONS, whatever its origin', async () => {
    const { app } = server()
    const cookie = await signedInCookie(app)
    const foreign = {
      host: HOST,
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    }
    const health = await app.inject({ method: 'GET', url: '/api/health', headers: foreign })
    expect(health.statusCode).toBe(200)
    const signedIn = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { ...foreign, cookie },
    })
    expect(signedIn.statusCode).toBe(200)
    const noCookie = await app.inject({ method: 'GET', url: '/api/auth/me', headers: foreign })
    expect(noCookie.statusCode).toBe(401)
    expect(noCookie.json().error.code).toBe('NOT_SIGNED_IN')
    const head = await app.inject({ method: 'HEAD', url: '/api/health', headers: foreign })
    expect(head.statusCode).toBe(200)
    const options = await app.inject({ method: 'OPTIONS', url: '/api/health', headers: foreign })
    expect(options.statusCode).not.toBe(403)
    expect((await get(app, '/api/health')).statusCode).toBe(200)
  })
})

describe('the origin check, with PUBLIC_ORIGIN set', () => {
  const PUBLIC = 'https://letters.example.com'
  const server = setupTestServer({ config: { publicOrigin: PUBLIC } })

  it('lets only that origin through', async () => {
    const { app, database } = server()
    const users = await countRows(database, 'users')
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: newAccountBody(),
      headers: { host: 'letters.example.com', origin: PUBLIC },
    })
    expect(response.statusCode).toBe(201)
    expect(await countRows(database, 'users')).toBe(users + 1)
  })

  it.each([
    // The request's own host no longer counts: a proxy may pass any Host along.
    ['its own host', { host: HOST, origin: OWN_ORIGIN }],
    [
      'the public host over http',
      { host: 'letters.example.com', origin: 'http://letters.example.com' },
    ],
    ['another port', { host: 'letters.example.com', origin: `${PUBLIC}:8443` }],
    ['another site', { host: 'letters.example.com', origin: 'https://evil.example' }],
    ['null', { host: 'letters.example.com', origin: 'null' }],
    ['no origin but cross-site', { host: 'letters.example.com', 'sec-fetch-site': 'cross-site' }],
  ])('refuses %s and writes nothing', async (_label, headers) => {
    const { app, database } = server()
    const before = await counts(database)
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: newAccountBody(),
      headers,
    })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual(ORIGIN_REFUSED)
    expect(await counts(database)).toEqual(before)
  })

  it('still lets a program with no Origin through', async () => {
    const response = await server().app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: newAccountBody(),
    })
    expect(response.statusCode).toBe(201)
  })
})
