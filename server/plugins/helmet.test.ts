import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy } from '../../build/content-security-policy'
import { setupTestServer } from '../test-support/test-server'
import { cspDirectives } from './helmet'

const server = setupTestServer()

const EXPECTED = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
}

describe('security headers', () => {
  it('are on answers, refusals and 404s alike, with the build’s CSP and no HSTS', async () => {
    const { app } = server()
    const answers = [
      await app.inject({ method: 'GET', url: '/api/health' }),
      await app.inject({ method: 'GET', url: '/api/nothing-here' }),
      await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: {},
        headers: { origin: 'https://elsewhere.example' },
      }),
    ]
    expect(answers.map((a) => a.statusCode)).toEqual([200, 404, 403])
    for (const answer of answers) {
      expect(answer.headers).toMatchObject(EXPECTED)
      expect(answer.headers).not.toHaveProperty('strict-transport-security')
      expect(
        cspDirectives(String(answer.headers['content-security-policy']).replaceAll(';', '; ')),
      ).toEqual(cspDirectives(contentSecurityPolicy()))
    }
  })
})
