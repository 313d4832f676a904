import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { API_PATHS } from '@/domain/api'
import { securityHeaders } from '../plugins/helmet'
import { signedUpAdmin } from './admin'
import {
  type CookieChoice,
  describeRequest,
  expectSound,
  type HostileRequest,
  type Role,
} from './hostile-input'
import { type RowDigests, rowDigester } from './row-digest'
import { signedUp, type TestServer } from './test-server'

/**
 * Tables a refusal may rightly write to, by name, each with why. Every other
 * table must read the same after any refused request.
 */
export const TABLES_A_REFUSAL_WRITES: Record<string, string> = {
  // Counts every request to a limited route, refused or not: that is how a limit works.
  rate_limits: 'per-address request counters',
  // A wrong password is a refusal that must be remembered, or there would be no lockout.
  sign_in_throttle: 'failed sign-ins per account, for the lockout',
}

/** Rows a refusal may rightly add, as the condition that leaves them out of the digest. */
export const ROWS_A_REFUSAL_WRITES: Record<string, string> = {
  // A failed sign-in of a known account is audited (decision 018).
  audit_log: `action <> 'sign-in-failed'`,
}

/** Routes whose success ends the session that made it. */
const SESSION_ENDING = new Set<string>([
  `POST ${API_PATHS.signOut}`,
  `POST ${API_PATHS.changePassword}`,
  `DELETE ${API_PATHS.account}`,
])

/**
 * Sends hostile requests to a test server as a user, an employee, an admin or
 * nobody, and checks each answer: never a 5xx, the security headers, the error
 * shape, and no row changed by a refusal.
 */
export class HostileHarness {
  private readonly cookies = new Map<Role, string>()
  /** How many requests were refused and found to change nothing; a test can see it did work. */
  refusals = 0

  private constructor(
    readonly server: TestServer,
    private readonly digest: () => Promise<RowDigests>,
    readonly headers: Record<string, string>,
  ) {}

  static async start(server: TestServer): Promise<HostileHarness> {
    const skip = new Set(Object.keys(TABLES_A_REFUSAL_WRITES))
    return new HostileHarness(
      server,
      await rowDigester(server.database, skip, ROWS_A_REFUSAL_WRITES),
      await securityHeaders(),
    )
  }

  /** Uses `cookie` as `role`'s session until a request ends it: an account with rows goes deeper. */
  adopt(role: Role, cookie: string) {
    this.cookies.set(role, cookie)
  }

  /** The session of an account of `role` made for these tests, made again once a request ended it. */
  async cookieOf(role: Role): Promise<string> {
    let cookie = this.cookies.get(role)
    if (cookie === undefined) {
      const { app } = this.server
      cookie =
        role === 'admin' ? (await signedUpAdmin(app)).cookie : (await signedUp(app, role)).cookie
      this.cookies.set(role, cookie)
    }
    return cookie
  }

  async cookieHeader(choice: CookieChoice): Promise<Record<string, string>> {
    if (choice.kind === 'role') return { cookie: await this.cookieOf(choice.role) }
    return choice.header === undefined ? {} : { cookie: choice.header }
  }

  /** Sends `request` with the session `choice` names, and checks the answer and the rows. */
  async send(request: HostileRequest, choice: CookieChoice, routeKey?: string) {
    const { app, background } = this.server
    const withCookie = {
      ...request,
      headers: { ...request.headers, ...(await this.cookieHeader(choice)) },
    }
    // Mail owed by an earlier answer is written now, not while the next refusal is watched.
    await background.idle()
    const before = await this.digest()
    const response = await app.inject(withCookie)
    expectSound(withCookie, response, this.headers)
    if (response.statusCode >= 400) {
      await background.idle()
      expect(
        await this.digest(),
        `${describeRequest(withCookie)} → ${response.statusCode}`,
      ).toEqual(before)
      this.refusals += 1
    } else if (choice.kind === 'role' && endsSession(response, routeKey)) {
      this.cookies.delete(choice.role)
    }
    return response
  }
}

function endsSession(response: LightMyRequestResponse, routeKey: string | undefined) {
  if (routeKey !== undefined && SESSION_ENDING.has(routeKey)) return true
  return response.cookies.some((cookie) => cookie.name.endsWith('letterhead_session'))
}
