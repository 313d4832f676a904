import { describe, expect, it } from 'vitest'
import { COUPON_PATTERN } from '@/domain/coupon-code'
import {
  countRows,
  get,
  newAccountBody,
  post,
  sessionCookie,
  TEST_ADMIN_SECRET,
  setupTestServer,
} from '../test-support/test-server'

const server = setupTestServer()

describe('POST /api/auth/sign-up', () => {
  it('creates a user, answers 201 with the user and a session cookie that `me` accepts', async () => {
    const { app } = server()
    const body = newAccountBody('user')
    const response = await post(app, '/api/auth/sign-up', {
      ...body,
      email: `  ${body.email.toUpperCase()} `,
    })
    expect(response.statusCode).toBe(201)
    const { user } = response.json()
    expect(user).toMatchObject({ email: body.email, fullName: body.fullName, role: 'user' })
    expect(user).not.toHaveProperty('couponCode')
    expect(JSON.stringify(response.json())).not.toContain(body.password)

    const cookie = response.cookies.find((c) => c.name === 'letterhead_session')
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    expect(cookie?.secure).toBeFalsy()
    const me = await get(app, '/api/auth/me', sessionCookie(response))
    expect(me.statusCode).toBe(200)
    expect(me.json().user).toEqual(user)
  })

  it('gives an employee an EMP coupon code', async () => {
    const response = await post(server().app, '/api/auth/sign-up', newAccountBody('employee'))
    expect(response.statusCode).toBe(201)
    expect(response.json().user.couponCode).toMatch(COUPON_PATTERN)
  })

  it('refuses an email already taken, in any case, with the seed message, and writes nothing', async () => {
    const { app, database } = server()
    const body = newAccountBody()
    expect((await post(app, '/api/auth/sign-up', body)).statusCode).toBe(201)
    const users = await countRows(database, 'users')
    const again = await post(app, '/api/auth/sign-up', {
      ...body,
      email: body.email.toUpperCase(),
      role: 'employee',
    })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ error: { code: 'USER_EXISTS', message: 'User already exists' } })
    expect(again.cookies).toHaveLength(0)
    expect(await countRows(database, 'users')).toBe(users)
  })

  it('never asks for admin: a role of admin is refused', async () => {
    const response = await post(server().app, '/api/auth/sign-up', {
      ...newAccountBody(),
      role: 'admin',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toEqual({
      code: 'INVALID_INPUT',
      message: 'Choose an account type',
    })
  })

  it('is answered over HTTPS with a Secure __Host- cookie', async () => {
    const response = await server().app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: newAccountBody(),
      headers: { 'x-forwarded-proto': 'https' },
    })
    // Without TRUST_PROXY the forwarded protocol is ignored.
    expect(response.cookies[0]?.name).toBe('letterhead_session')
  })
})

describe('POST /api/auth/admin-sign-up', () => {
  it('creates an admin with the server secret', async () => {
    const { fullName, email, password } = newAccountBody()
    const response = await post(server().app, '/api/auth/admin-sign-up', {
      fullName,
      email,
      password,
      adminSecret: TEST_ADMIN_SECRET,
    })
    expect(response.statusCode).toBe(201)
    expect(response.json().user.role).toBe('admin')
    sessionCookie(response)
  })

  it('refuses a wrong secret with the seed message and writes nothing', async () => {
    const { app, database } = server()
    const { fullName, email, password } = newAccountBody()
    const users = await countRows(database, 'users')
    for (const adminSecret of ['wrong', `${TEST_ADMIN_SECRET} `, TEST_ADMIN_SECRET.toUpperCase()]) {
      const response = await post(app, '/api/auth/admin-sign-up', {
        fullName,
        email,
        password,
        adminSecret,
      })
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({
        error: { code: 'INVALID_ADMIN_SECRET', message: 'Invalid admin secret key' },
      })
    }
    expect(await countRows(database, 'users')).toBe(users)
  })
})
