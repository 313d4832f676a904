import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type MockOpenAiServer,
  startMockOpenAiServer,
} from '../../tests/support/mock-openai-server'
import { API_PATHS } from '@/domain/api'
import { MONEY_PATHS } from '@/domain/money-api'
import type { Config } from '../config'
import { signedUpAdmin } from '../test-support/admin'
import { TEST_AI_SETTINGS } from '../test-support/ai-test-server'
import { customerWithEverything } from '../test-support/customer-with-everything'
import { HostileHarness } from '../test-support/hostile-harness'
import {
  CONTENT_TYPES,
  cookieChoice,
  extraHeaders,
  fieldValue,
  type CookieChoice,
  type HostileRequest,
  ROLES,
  text,
} from '../test-support/hostile-input'
import { type PathChoice, pathChoices, requestPath } from '../test-support/hostile-paths'
import { cardRouteDrives, type KnownRows, UNDRIVEN } from '../test-support/hostile-routes'
import { couponOf } from '../test-support/purchases'
import { rowDigester } from '../test-support/row-digest'
import { type AppRoute, appRoutes, routeKey } from '../test-support/route-table'
import {
  get,
  PASSWORD,
  post,
  sessionCookie,
  setupTestServer,
  signedUp,
} from '../test-support/test-server'

// Thousands of requests from one address: the per-address limits are tested elsewhere.
const config: Partial<Config> = { authRateLimit: 1_000_000 }
// AI writing set up (against a local mock), so its route does more than say it is not.
let mockAi: MockOpenAiServer | undefined
beforeAll(async () => {
  mockAi = await startMockOpenAiServer()
  config.ai = { ...TEST_AI_SETTINGS, baseUrl: mockAi.baseUrl }
})
afterAll(() => mockAi?.close())
const server = setupTestServer({
  config,
  inboxRateLimits: {
    messages: { max: 1_000_000, timeWindowMs: 60_000 },
    errors: { max: 1_000_000, timeWindowMs: 60_000 },
  },
})

/** Enough to reach every route many times over, few enough that the file runs in seconds. */
const RUNS = { numRuns: 300 }

/** HEAD is served by the GET route's handler, so it is driven with the GET route's body. */
const driveKey = (route: AppRoute) =>
  routeKey(route.method === 'HEAD' ? { ...route, method: 'GET' } : route)

let harness: HostileHarness
let known: KnownRows
let routes: AppRoute[]

beforeAll(async () => {
  const { app, database, clock } = server()
  const everything = await customerWithEverything(app, database)
  // Past the commissions' hold, so the payout pays one and has a CSV.
  clock.advance(120 * 24 * 60 * 60 * 1000)
  const admin = await signedUpAdmin(app)
  const payout = await app.inject({
    method: 'POST',
    url: MONEY_PATHS.payouts,
    headers: { cookie: admin.cookie },
  })
  expect(payout.statusCode, payout.body).toBe(201)
  known = {
    subscriptionIds: [everything.subscriptionId],
    payoutIds: [payout.json<{ payoutId: string }>().payoutId],
    couponCodes: [await couponOf(database, everything.employee.user.id)],
    letterIds: everything.letters.map((letter) => letter.id),
    signInEmail: (await signedUp(app)).body.email,
  }
  harness = await HostileHarness.start(server())
  // The customer and the employee with purchases, letters and commissions, so routes find rows.
  // Signed in again: the clock moved past their first sessions.
  harness.adopt('user', await signIn(everything.customer.body.email))
  harness.adopt('employee', await signIn(everything.employee.body.email))
  routes = appRoutes(app).filter((route) => !(driveKey(route) in UNDRIVEN))
})

async function signIn(email: string) {
  const answer = await post(server().app, API_PATHS.signIn, { email, password: PASSWORD })
  expect(answer.statusCode, answer.body).toBe(200)
  return sessionCookie(answer)
}

/** Routes no request here can get a success from, each with why. */
const NEVER_SUCCEED: string[] = [
  // Its token comes only in the mail the reset sends.
  `POST ${API_PATHS.passwordResetConfirm}`,
]

const drives = () => cardRouteDrives(known)

/** A request to `route`, with the headers it needs, then `headers`. */
function request(
  route: AppRoute,
  path: PathChoice,
  payload: string,
  headers: Record<string, string>,
): HostileRequest {
  const drive = drives()[driveKey(route)]
  return {
    method: route.method,
    url: requestPath(route.path, path, drive?.params ?? {}),
    payload,
    headers: { ...drive?.headers?.(), ...headers },
  }
}

describe('the route list', () => {
  it('is the app’s own, and every route in it is driven or set aside with a reason', () => {
    const served = new Set(appRoutes(server().app).map(driveKey))
    expect(served.size).toBeGreaterThan(40)
    const driven = new Set([...Object.keys(drives()), ...Object.keys(UNDRIVEN)])
    expect(
      [...served].filter((key) => !driven.has(key)),
      'routes no test drives',
    ).toEqual([])
    expect(
      [...driven].filter((key) => !served.has(key)),
      'driven but not served',
    ).toEqual([])
  })

  it('has sessions that really are a user’s, an employee’s and an admin’s', async () => {
    for (const role of ROLES) {
      const me = await get(server().app, API_PATHS.me, await harness.cookieOf(role))
      expect(me.json<{ user: { role: string } }>().user.role).toBe(role)
    }
  })
})

describe('the row digest', () => {
  it('sees what a refused sign-in writes, which is why those rows are left out', async () => {
    const { app, database } = server()
    const everything = await rowDigester(database, new Set())
    const watched = await HostileHarness.start(server())
    const before = await everything()
    const refused = await post(app, API_PATHS.signIn, {
      email: known.signInEmail,
      password: 'not the password',
    })
    expect(refused.statusCode).toBe(401)
    const after = await everything()
    const changed = Object.keys(after).filter((table) => after[table] !== before[table])
    expect(changed.sort()).toEqual([
      'public.audit_log',
      'public.rate_limits',
      'public.sign_in_throttle',
    ])
    // The harness leaves them out, and sees the same refusal change nothing it watches.
    await watched.send(
      {
        method: 'POST',
        url: API_PATHS.signIn,
        payload: JSON.stringify({ email: known.signInEmail, password: 'still not it' }),
        headers: { 'content-type': 'application/json' },
      },
      { kind: 'raw' },
    )
    expect(watched.refusals).toBe(1)
  })
})

describe('every route with the body it would accept', () => {
  it('answers one of the roles, or nobody, with a success; refusals change no row', async () => {
    const cookies: CookieChoice[] = [
      ...ROLES.map((role) => ({ kind: 'role', role }) as const),
      { kind: 'raw' },
    ]
    const succeeded = new Set<string>()
    // Routes that end or replace the session, and deleting the account, go last, so the others
    // are sent as the customer and the employee with rows.
    const last = (route: AppRoute) =>
      Number(route.path.startsWith('/api/auth/')) + 2 * Number(route.method === 'DELETE')
    const ordered = [...routes].sort((a, b) => last(a) - last(b))
    for (const route of ordered) {
      for (const cookie of cookies) {
        const body = JSON.stringify(drives()[driveKey(route)]?.body() ?? {})
        const path: PathChoice = { params: [{ kind: 'known', index: 0 }], query: '' }
        const json = { 'content-type': 'application/json' }
        const answer = await harness.send(request(route, path, body, json), cookie, driveKey(route))
        if (answer.statusCode < 300) succeeded.add(routeKey(route))
      }
    }
    const failed = routes.map(routeKey).filter((key) => !succeeded.has(key))
    expect(failed, 'routes whose accepted body nobody got through').toEqual(NEVER_SUCCEED)
  })
})

describe('every route, as anyone: never a 5xx, refusals in the error shape, no row changed', () => {
  it('takes any JSON value', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        pathChoices,
        fc.jsonValue({ stringUnit: 'binary', maxDepth: 4 }),
        cookieChoice,
        extraHeaders,
        async (route, path, value, cookie, headers) => {
          const json = { ...headers, 'content-type': 'application/json' }
          await harness.send(
            request(route, path, JSON.stringify(value), json),
            cookie,
            driveKey(route),
          )
        },
      ),
      RUNS,
    )
  })

  it('takes any bytes under any content type', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        pathChoices,
        fc.constantFrom(...CONTENT_TYPES),
        fc.oneof(
          text,
          fc.jsonValue().map((value) => JSON.stringify(value).slice(0, -1)),
        ),
        cookieChoice,
        async (route, path, contentType, payload, cookie) => {
          const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {}
          await harness.send(request(route, path, payload, headers), cookie, driveKey(route))
        },
      ),
      RUNS,
    )
  })

  it('takes a body it would accept with some of its fields replaced', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        pathChoices,
        fc.array(fc.tuple(fc.nat(), fc.option(fieldValue, { nil: undefined })), {
          minLength: 1,
          maxLength: 3,
        }),
        cookieChoice,
        extraHeaders,
        async (route, path, replacements, cookie, headers) => {
          const body = drives()[driveKey(route)]?.body() ?? {}
          for (const [at, value] of replacements) replaceLeaf(body, at, value)
          const json = { ...headers, 'content-type': 'application/json' }
          await harness.send(
            request(route, path, JSON.stringify(body), json),
            cookie,
            driveKey(route),
          )
        },
      ),
      RUNS,
    )
    expect(harness.refusals).toBeGreaterThan(RUNS.numRuns)
  })
})

/** Sets the `at`-th field of `body` (objects followed one level down); undefined leaves it out. */
function replaceLeaf(body: Record<string, unknown>, at: number, value: unknown) {
  const leaves: [Record<string, unknown>, string][] = []
  for (const [key, field] of Object.entries(body)) {
    leaves.push([body, key])
    if (typeof field === 'object' && field !== null && !Array.isArray(field)) {
      const inner = field as Record<string, unknown>
      for (const innerKey of Object.keys(inner)) leaves.push([inner, innerKey])
    }
  }
  const leaf = leaves[at % Math.max(leaves.length, 1)]
  if (leaf) leaf[0][leaf[1]] = value
}
