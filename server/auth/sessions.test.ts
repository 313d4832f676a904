import { describe, expect, it } from 'vitest'
import {
  countRows,
  get,
  post,
  sessionCookie,
  setupTestServer,
  signedUp,
} from '../test-support/test-server'
import { SESSION_TTL_MS, TOUCH_AFTER_MS } from './sessions'

const server = setupTestServer()
const DAY = 24 * 60 * 60_000
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36'
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'

async function signInFrom(userAgent: string, credentials: { email: string; password: string }) {
  const response = await server().app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email: credentials.email, password: credentials.password },
    headers: { 'user-agent': userAgent },
  })
  expect(response.statusCode).toBe(200)
  return sessionCookie(response)
}

describe('sessions', () => {
  it('`me` is 401 with no cookie, a made-up cookie, or a cookie that was signed out', async () => {
    const { app, database } = server()
    expect((await get(app, '/api/auth/me')).json()).toEqual({
      error: { code: 'NOT_SIGNED_IN', message: 'Please sign in to continue.' },
    })
    expect((await get(app, '/api/auth/me', 'letterhead_session=made-up')).statusCode).toBe(401)

    const { cookie } = await signedUp(app)
    const sessions = await countRows(database, 'sessions')
    const out = await post(app, '/api/auth/sign-out', undefined, cookie)
    expect(out.statusCode).toBe(204)
    expect(out.cookies.find((c) => c.name === 'letterhead_session')?.value).toBe('')
    expect(await countRows(database, 'sessions')).toBe(sessions - 1)
    expect((await get(app, '/api/auth/me', cookie)).statusCode).toBe(401)
    // Signing out again, or with no session at all, is harmless.
    expect((await post(app, '/api/auth/sign-out', undefined, cookie)).statusCode).toBe(204)
    expect((await post(app, '/api/auth/sign-out')).statusCode).toBe(204)
  })

  it('stores only a digest of the token', async () => {
    const { app, database } = server()
    const { cookie } = await signedUp(app)
    const token = cookie.split('=')[1] ?? ''
    const rows = (await database.query('select token_hash from sessions')) as {
      token_hash: string
    }[]
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) {
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/)
      expect(row.token_hash).not.toContain(token)
    }
  })

  it('expires 30 days after last use, and each use slides the expiry', async () => {
    const { app, clock } = server()
    const { cookie } = await signedUp(app)
    clock.advance(SESSION_TTL_MS - DAY)
    const used = await get(app, '/api/auth/me', cookie)
    expect(used.statusCode).toBe(200)
    // Extended: the cookie is sent again with the full lifetime.
    expect(used.cookies.find((c) => c.name === 'letterhead_session')?.maxAge).toBe(
      SESSION_TTL_MS / 1000,
    )

    clock.advance(SESSION_TTL_MS - DAY)
    expect((await get(app, '/api/auth/me', cookie)).statusCode).toBe(200)

    clock.advance(SESSION_TTL_MS + 1)
    expect((await get(app, '/api/auth/me', cookie)).statusCode).toBe(401)
  })

  it('does not write on every request: a session seen within a minute is left alone', async () => {
    const { app, clock } = server()
    const { cookie } = await signedUp(app)
    clock.advance(TOUCH_AFTER_MS / 2)
    expect((await get(app, '/api/auth/me', cookie)).cookies).toHaveLength(0)
  })

  it('lists the account’s sessions, newest use first, naming each device and marking this one', async () => {
    const { app, clock } = server()
    const { body, cookie: first } = await signedUp(app)
    clock.advance(TOUCH_AFTER_MS)
    const laptop = await signInFrom(CHROME_LINUX, body)
    clock.advance(TOUCH_AFTER_MS)
    const phone = await signInFrom(SAFARI_IPHONE, body)
    const other = await signedUp(app)
    clock.advance(TOUCH_AFTER_MS)

    const response = await get(app, '/api/auth/sessions', laptop)
    expect(response.statusCode).toBe(200)
    const { sessions } = response.json<{ sessions: { device: string; current: boolean }[] }>()
    expect(sessions.map((s) => [s.device, s.current])).toEqual([
      ['Chrome on Linux', true], // just used by this request
      ['Safari on iOS', false],
      ['Unknown device', false],
    ])
    expect(JSON.stringify(sessions)).not.toContain(other.user.id)
    for (const cookie of [first, phone])
      expect((await get(app, '/api/auth/me', cookie)).statusCode).toBe(200)
  })

  it('signs out everywhere else, keeping this session and other accounts’ sessions', async () => {
    const { app } = server()
    const { body, cookie: first } = await signedUp(app)
    const second = await signInFrom(CHROME_LINUX, body)
    const third = await signInFrom(SAFARI_IPHONE, body)
    const stranger = await signedUp(app)

    const response = await post(app, '/api/auth/sessions/sign-out-others', undefined, second)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ ended: 2 })
    expect((await get(app, '/api/auth/me', second)).statusCode).toBe(200)
    expect((await get(app, '/api/auth/me', first)).statusCode).toBe(401)
    expect((await get(app, '/api/auth/me', third)).statusCode).toBe(401)
    expect((await get(app, '/api/auth/me', stranger.cookie)).statusCode).toBe(200)
    expect((await post(app, '/api/auth/sessions/sign-out-others')).statusCode).toBe(401)
  })
})

describe('POST /api/auth/change-password', () => {
  it('needs the current password, ends the other sessions, and takes the new password from then on', async () => {
    const { app } = server()
    const { body, cookie } = await signedUp(app)
    const elsewhere = await signInFrom(CHROME_LINUX, body)
    const newPassword = 'a brand new passphrase'

    const wrong = await post(
      app,
      '/api/auth/change-password',
      { currentPassword: 'nope nope', newPassword },
      cookie,
    )
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().error).toEqual({
      code: 'WRONG_CURRENT_PASSWORD',
      message: 'The current password is not correct.',
    })
    const same = await post(
      app,
      '/api/auth/change-password',
      { currentPassword: body.password, newPassword: body.password },
      cookie,
    )
    expect(same.json().error.code).toBe('SAME_PASSWORD')
    const short = await post(
      app,
      '/api/auth/change-password',
      { currentPassword: body.password, newPassword: 'short' },
      cookie,
    )
    expect(short.json().error).toEqual({
      code: 'INVALID_INPUT',
      message: 'Password must be at least 8 characters',
    })
    // Refusals changed nothing.
    expect((await get(app, '/api/auth/me', elsewhere)).statusCode).toBe(200)

    const changed = await post(
      app,
      '/api/auth/change-password',
      { currentPassword: body.password, newPassword },
      cookie,
    )
    expect(changed.statusCode).toBe(200)
    expect((await get(app, '/api/auth/me', cookie)).statusCode).toBe(200)
    expect((await get(app, '/api/auth/me', elsewhere)).statusCode).toBe(401)

    const old = await post(app, '/api/auth/sign-in', { email: body.email, password: body.password })
    expect(old.statusCode).toBe(401)
    const renewed = await post(app, '/api/auth/sign-in', {
      email: body.email,
      password: newPassword,
    })
    expect(renewed.statusCode).toBe(200)
    sessionCookie(renewed)
  })

  it('is 401 without a session', async () => {
    const response = await post(server().app, '/api/auth/change-password', {
      currentPassword: 'whatever it is',
      newPassword: 'another one here',
    })
    expect(response.statusCode).toBe(401)
  })
})
