import { beforeAll, describe, expect, it } from 'vitest'
import { API_PATHS } from '@/domain/api'
import { SYNC_PATHS } from '@/domain/sync'
import { HostileHarness } from '../test-support/hostile-harness'
import type { CookieChoice, HostileRequest } from '../test-support/hostile-input'
import { UNDRIVEN } from '../test-support/hostile-routes'
import { type AppRoute, appRoutes, routeKey } from '../test-support/route-table'
import { PUSH_BODY_LIMIT } from '../sync/routes'
import { setupTestServer } from '../test-support/test-server'

const server = setupTestServer({
  config: { authRateLimit: 1_000_000 },
  inboxRateLimits: {
    messages: { max: 1_000_000, timeWindowMs: 60_000 },
    errors: { max: 1_000_000, timeWindowMs: 60_000 },
  },
})

/** The app's body limit (server/app.ts) and more: no route takes a body this large. */
const OVER_BODY_LIMIT = 300 * 1024
/** Four times what Node's HTTP parser takes in all of a request's headers (16 KB). */
const HUGE = 64 * 1024

let harness: HostileHarness
let routes: AppRoute[]

beforeAll(async () => {
  harness = await HostileHarness.start(server())
  routes = appRoutes(server().app).filter((route) => {
    const key = routeKey(route.method === 'HEAD' ? { ...route, method: 'GET' } : route)
    return !(key in UNDRIVEN)
  })
})

const AS: CookieChoice[] = [
  { kind: 'role', role: 'admin' },
  { kind: 'role', role: 'user' },
]
const TAKES_A_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const json = { 'content-type': 'application/json' }

/** Sends `build(route)` to every route as an admin and as a user, through the harness's checks. */
async function everyRoute(build: (route: AppRoute) => HostileRequest) {
  const answers: { route: AppRoute; status: number; body: string }[] = []
  for (const route of routes) {
    for (const as of AS) {
      const answer = await harness.send(build(route), as, routeKey(route))
      answers.push({ route, status: answer.statusCode, body: answer.body })
    }
  }
  return answers
}

describe('oversized input to every route', () => {
  it('a body over the limit is refused with 413 in the error shape before anything is read', async () => {
    const over = (limit: number) => JSON.stringify({ padding: 'x'.repeat(limit) })
    const payload = over(OVER_BODY_LIMIT)
    // A push carries up to a thousand mutations, letters included: its limit is its own.
    const overPush = over(PUSH_BODY_LIMIT)
    const answers = await everyRoute((route) => ({
      method: route.method,
      url: route.path,
      payload: route.path === SYNC_PATHS.push ? overPush : payload,
      headers: json,
    }))
    for (const { route, status, body } of answers) {
      if (!TAKES_A_BODY.has(route.method)) continue
      expect(status, routeKey(route)).toBe(413)
      expect(JSON.parse(body), routeKey(route)).toMatchObject({
        error: { code: 'BODY_TOO_LARGE' },
      })
    }
  })

  it('a 64 KB cookie, or any other 64 KB header, gets no 5xx and changes nothing', async () => {
    const big = 'a'.repeat(HUGE)
    const hugeHeaders: Record<string, string>[] = [
      { cookie: `letterhead_session=${big}` },
      { cookie: `other=${big}` },
      { 'x-anything': big },
      { 'idempotency-key': big },
      { accept: big },
    ]
    for (const headers of hugeHeaders) {
      for (const route of routes) {
        const url = route.path.replace(/:[A-Za-z]+/g, crypto.randomUUID())
        const request = {
          method: route.method,
          url,
          payload: '{}',
          headers: { ...json, ...headers },
        }
        // No session added: the request's own headers are all it sends.
        await harness.send(request, { kind: 'raw' }, routeKey(route))
      }
    }
  })

  it('thousands of cookies beside the session still reach the session', async () => {
    const crowd = Array.from({ length: 5000 }, (_, i) => `c${i}=${i}`).join('; ')
    const session = await harness.cookieOf('user')
    for (const cookie of [`${crowd}; ${session}`, `${session}; ${crowd}`]) {
      const me = await harness.send(
        { method: 'GET', url: API_PATHS.me, headers: {} },
        { kind: 'raw', header: cookie },
      )
      expect(me.statusCode).toBe(200)
    }
    await everyRoute((route) => ({
      method: route.method,
      url: route.path.replace(/:[A-Za-z]+/g, crypto.randomUUID()),
      payload: '{}',
      headers: { ...json, cookie: crowd },
    }))
  })

  it('a 100 KB path or query string under every route gets no 5xx and changes nothing', async () => {
    const long = 'a'.repeat(100 * 1024)
    await everyRoute((route) => ({ method: route.method, url: `${route.path}/${long}` }))
    await everyRoute((route) => ({
      method: route.method,
      url: `${route.path.replace(/:[A-Za-z]+/g, long)}?q=${long}&cursor=${long}&limit=${long}`,
      payload: '{}',
      headers: json,
    }))
  })
})
