import { API_PATHS, type ApiUser, errorBody, type SessionSummary } from '@/domain/api'
import type { ErrorCode } from '@/domain/errors'
import { newId } from '@/domain/ids'
import type { Role } from '@/domain/types'

/**
 * For tests: the Letterhead server's auth routes, in memory, answering as the
 * contract says. Each `device()` has its own cookie jar; `calls` records what
 * reached the server; `down` makes every request fail as a dead network does.
 */

type Account = { user: ApiUser; password: string }
/** A request's JSON body: every field these routes read is a string. */
type Fields = Partial<Record<string, string>>
type Session = SessionSummary & { token: string; userId: string }

const NOW = '2026-11-22T12:00:00.000Z'
export const FAKE_ADMIN_SECRET = 'the admin secret'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const refuse = (status: number, code: ErrorCode) => json(status, errorBody(code))

export function createFakeServer() {
  const accounts = new Map<string, Account>()
  const sessions = new Map<string, Session>()
  const calls: Array<{ method: string; path: string; body: unknown }> = []
  /** Reset links "mailed", by token: whose account, and whether spent. */
  const resets = new Map<string, { email: string; used: boolean }>()
  let counter = 0
  const state = { down: false }

  function openSession(jar: { token: string | null }, user: ApiUser, device: string) {
    const token = `token-${++counter}`
    jar.token = token
    sessions.set(token, {
      token,
      userId: user.id,
      id: newId(),
      device,
      createdAt: NOW,
      lastSeenAt: NOW,
      current: false,
    })
  }

  function newAccount(jar: { token: string | null }, body: Fields, role: Role) {
    const email = body.email ?? ''
    if (accounts.has(email)) return refuse(409, 'USER_EXISTS')
    const user: ApiUser = {
      id: newId(),
      email,
      fullName: body.fullName ?? '',
      role,
      ...(role === 'employee' ? { couponCode: `EMP${String(++counter).padStart(6, 'A')}` } : {}),
      createdAt: NOW,
      updatedAt: NOW,
    }
    accounts.set(email, { user, password: body.password ?? '' })
    openSession(jar, user, 'Chrome on Linux')
    return json(201, { user })
  }

  function resetPassword(body: Fields) {
    const reset = resets.get(body.token ?? '')
    const account = reset && accounts.get(reset.email)
    if (!reset || !account) return refuse(400, 'RESET_LINK_INVALID')
    if (reset.used) return refuse(400, 'RESET_LINK_USED')
    reset.used = true
    account.password = body.password ?? ''
    for (const [token, other] of sessions)
      if (other.userId === account.user.id) sessions.delete(token)
    return json(200, { ok: true })
  }

  function route(jar: { token: string | null }, method: string, path: string, body: Fields) {
    const session = jar.token ? sessions.get(jar.token) : undefined
    const me = session && [...accounts.values()].find((a) => a.user.id === session.userId)
    switch (`${method} ${path}`) {
      case `POST ${API_PATHS.signUp}`:
        return newAccount(jar, body, body.role === 'employee' ? 'employee' : 'user')
      case `POST ${API_PATHS.adminSignUp}`:
        if (body.adminSecret !== FAKE_ADMIN_SECRET) return refuse(403, 'INVALID_ADMIN_SECRET')
        return newAccount(jar, body, 'admin')
      case `POST ${API_PATHS.signIn}`: {
        const account = accounts.get(body.email ?? '')
        if (account === undefined || account.password !== body.password)
          return refuse(401, 'INVALID_CREDENTIALS')
        openSession(jar, account.user, 'Firefox on Windows')
        return json(200, { user: account.user })
      }
      case `POST ${API_PATHS.signOut}`:
        if (jar.token) sessions.delete(jar.token)
        jar.token = null
        return new Response(null, { status: 204 })
      case `POST ${API_PATHS.passwordReset}`:
        if (accounts.has(body.email ?? '')) {
          resets.set(`reset-${++counter}`, { email: body.email ?? '', used: false })
        }
        return json(202, { ok: true })
      case `POST ${API_PATHS.passwordResetConfirm}`:
        return resetPassword(body)
    }
    if (!session || !me) return refuse(401, 'NOT_SIGNED_IN')
    switch (`${method} ${path}`) {
      case `GET ${API_PATHS.me}`:
        return json(200, { user: me.user })
      case `GET ${API_PATHS.sessions}`:
        return json(200, {
          sessions: [...sessions.values()]
            .filter((s) => s.userId === me.user.id)
            .map(({ token, userId: _userId, ...summary }) => ({
              ...summary,
              current: token === session.token,
            })),
        })
      case `POST ${API_PATHS.signOutOthers}`:
      case `POST ${API_PATHS.changePassword}`: {
        if (path === API_PATHS.changePassword) {
          if (body.currentPassword !== me.password) return refuse(400, 'WRONG_CURRENT_PASSWORD')
          me.password = body.newPassword ?? ''
        }
        let ended = 0
        for (const other of sessions.values()) {
          if (other.userId !== me.user.id || other.token === session.token) continue
          sessions.delete(other.token)
          ended += 1
        }
        return path === API_PATHS.signOutOthers
          ? json(200, { ended })
          : json(200, { user: me.user })
      }
    }
    return refuse(404, 'NOT_FOUND')
  }

  return {
    accounts,
    sessions,
    resets,
    calls,
    state,
    /** A browser with its own cookie jar: a `fetch` for the client to use. */
    device() {
      const jar: { token: string | null } = { token: null }
      const fetch: typeof globalThis.fetch = (input, init = {}) => {
        const method = init.method ?? 'GET'
        const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : ''
        const body: Fields = typeof init.body === 'string' ? (JSON.parse(init.body) as Fields) : {}
        if (state.down) return Promise.reject(new TypeError('Failed to fetch'))
        calls.push({ method, path, body: typeof init.body === 'string' ? body : undefined })
        return Promise.resolve(route(jar, method, path, body))
      }
      return { fetch, jar }
    },
  }
}

export type FakeServer = ReturnType<typeof createFakeServer>
