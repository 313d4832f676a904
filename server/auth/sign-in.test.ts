import { describe, expect, it } from 'vitest'
import { FIRST_LOCK_MS, FREE_ATTEMPTS } from '@/domain/sign-in-throttle'
import {
  get,
  newAccountBody,
  post,
  sessionCookie,
  setupTestServer,
  signedUp,
} from '../test-support/test-server'

const server = setupTestServer()
const creds = ({ email, password }: { email: string; password: string }) => ({ email, password })
const INVALID = { error: { code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' } }

describe('POST /api/auth/sign-in', () => {
  it('signs in with any case and spacing of the email and opens a new session', async () => {
    const { app } = server()
    const { body, user, cookie: first } = await signedUp(app)
    const response = await post(app, '/api/auth/sign-in', {
      email: ` ${body.email.toUpperCase()}  `,
      password: body.password,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json().user).toEqual(user)
    const second = sessionCookie(response)
    expect(second).not.toBe(first)
    // Both devices stay signed in.
    expect((await get(app, '/api/auth/me', first)).statusCode).toBe(200)
    expect((await get(app, '/api/auth/me', second)).statusCode).toBe(200)
  })

  it('answers a wrong password and an unknown email alike, with the seed message', async () => {
    const { app } = server()
    const { body } = await signedUp(app)
    const wrong = await post(app, '/api/auth/sign-in', {
      email: body.email,
      password: 'not the password',
    })
    const unknown = await post(app, '/api/auth/sign-in', {
      email: newAccountBody().email,
      password: body.password,
    })
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual(INVALID)
      expect(response.cookies).toHaveLength(0)
    }
  })

  it('locks an email after five failures, says for how long, and opens again when the lock ends', async () => {
    const { app, clock } = server()
    const { body } = await signedUp(app)
    for (let attempt = 1; attempt < FREE_ATTEMPTS; attempt++) {
      const response = await post(app, '/api/auth/sign-in', {
        email: body.email,
        password: 'wrong password',
      })
      expect(response.statusCode).toBe(401)
    }
    // The fifth failure starts the lock; from then on even the right password waits.
    expect(
      (await post(app, '/api/auth/sign-in', { email: body.email, password: 'wrong' })).statusCode,
    ).toBe(401)
    const locked = await post(app, '/api/auth/sign-in', creds(body))
    expect(locked.statusCode).toBe(429)
    expect(locked.json().error).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Too many failed sign-in attempts. Please wait 1 minute before trying again.',
    })
    expect(Number(locked.headers['retry-after'])).toBe(60)

    clock.advance(FIRST_LOCK_MS)
    const open = await post(app, '/api/auth/sign-in', creds(body))
    expect(open.statusCode).toBe(200)
    sessionCookie(open)
  })

  it('locks per account: another email from the same address is not affected', async () => {
    const { app } = server()
    const locked = await signedUp(app)
    const other = await signedUp(app)
    for (let attempt = 0; attempt < FREE_ATTEMPTS; attempt++) {
      await post(app, '/api/auth/sign-in', { email: locked.body.email, password: 'wrong' })
    }
    expect((await post(app, '/api/auth/sign-in', creds(locked.body))).statusCode).toBe(429)
    const response = await post(app, '/api/auth/sign-in', creds(other.body))
    expect(response.statusCode).toBe(200)
    sessionCookie(response)
  })
})
