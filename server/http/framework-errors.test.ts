import { describe, expect, it } from 'vitest'
import { securityHeaders } from '../plugins/helmet'
import { setupTestServer } from '../test-support/test-server'

const server = setupTestServer()

/**
 * Fastify refuses some requests before any hook runs (frameworkErrors): a path
 * it cannot decode, a path parameter longer than its limit. Those answers
 * carry the same security headers as every other.
 */
describe('a request Fastify refuses before the routes', () => {
  it.each([
    ['a path that cannot be decoded', '/api/auth/%ED%A0%80'],
    ['a parameter over the length limit', `/api/coupons/${'a'.repeat(5000)}`],
    ['a payout id over the length limit', `/api/admin/payouts/${'a'.repeat(5000)}.csv`],
  ])('%s gets the error shape and every security header', async (_name, url) => {
    const answer = await server().app.inject({ method: 'GET', url })
    expect(answer.statusCode).toBe(400)
    expect(answer.json()).toEqual({
      error: { code: 'INVALID_INPUT', message: expect.any(String) },
    })
    expect(answer.headers).toMatchObject(await securityHeaders())
  })
})
