import { describe, expect, it } from 'vitest'
import { get, newAccountBody, sessionCookie, setupTestServer } from '../test-support/test-server'

// Behind a proxy that terminates TLS and says so in X-Forwarded-Proto.
const server = setupTestServer({ config: { trustProxy: true } })

describe('the session cookie over HTTPS', () => {
  it('is Secure, httpOnly, SameSite=Lax and takes the __Host- prefix', async () => {
    const { app } = server()
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: newAccountBody(),
      headers: { 'x-forwarded-proto': 'https', origin: 'https://localhost:80' },
    })
    expect(response.statusCode).toBe(201)
    const [cookie] = response.cookies
    expect(cookie).toMatchObject({
      name: '__Host-letterhead_session',
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    })
    expect(cookie).not.toHaveProperty('domain')
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: sessionCookie(response), 'x-forwarded-proto': 'https' },
    })
    expect(me.statusCode).toBe(200)
    expect((await get(app, '/api/auth/me')).statusCode).toBe(401)
  })
})
