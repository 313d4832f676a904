import { describe, expect, it } from 'vitest'
import { API_PATHS } from '@/domain/api'
import { newAccountBody, post, setupTestServer } from '../test-support/test-server'

const LIMIT = 30
const server = setupTestServer({ config: { authRateLimit: LIMIT } })

describe('per-address rate limit on the auth routes', () => {
  it('allows 30 requests a minute from one address, then answers 429 with Retry-After', async () => {
    const { app } = server()
    // A new email each time, so the per-account lock never answers first.
    const unknown = () => ({ email: newAccountBody().email, password: 'whatever it is' })
    for (let i = 0; i < LIMIT; i++) {
      expect((await post(app, '/api/auth/sign-in', unknown())).statusCode).toBe(401)
    }
    const limited = await post(app, '/api/auth/sign-in', unknown())
    expect(limited.statusCode).toBe(429)
    expect(limited.json().error.code).toBe('RATE_LIMITED')
    expect(limited.json().error.message).toMatch(
      /^Too many requests from this address\. Please wait \d+ seconds/,
    )
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('counts each address on its own', async () => {
    const response = await server().app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: newAccountBody().email, password: 'whatever it is' },
      remoteAddress: '10.0.0.9',
    })
    expect(response.statusCode).toBe(401)
  })
})

describe('per-address rate limit on the password-reset routes', () => {
  it('allows 30 requests a minute from one address to each, then answers 429', async () => {
    const { app } = server()
    const from = (url: string, payload: object, remoteAddress: string) =>
      app.inject({ method: 'POST', url, payload, remoteAddress })
    for (const [url, body] of [
      [API_PATHS.passwordReset, () => ({ email: newAccountBody().email })],
      [API_PATHS.passwordResetConfirm, () => ({ token: 'A'.repeat(43), password: 'long enough' })],
    ] as const) {
      for (let i = 0; i < LIMIT; i++) {
        expect((await from(url, body(), '10.3.0.1')).statusCode).not.toBe(429)
      }
      const limited = await from(url, body(), '10.3.0.1')
      expect(limited.statusCode).toBe(429)
      expect(limited.json().error.message).toMatch(/^Too many requests from this address\./)
      expect((await from(url, body(), '10.3.0.2')).statusCode).not.toBe(429)
    }
  })
})
