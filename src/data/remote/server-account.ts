import {
  API_PATHS,
  changePasswordSchema,
  sessionsResponseSchema,
  signedOutOthersSchema,
  userResponseSchema,
} from '@/domain/api'
import { AppError } from '@/domain/errors'
import { parseOrThrow } from '@/domain/validate'
import { SESSION_KEY } from '../dexie/context'
import { mirrorRow, refreshMirror } from '../dexie/server-session'
import type { AccountRepository } from '../repository'
import { ApiError, type RequestOptions } from './api-client'
import type { ServerContext } from './server-context'

const OFFLINE = { offline: 'ACCOUNT_NEEDS_CONNECTION' } as const satisfies RequestOptions

/** The account's sessions and password, which only the server can list and change. */
export function createServerAccount({
  db,
  client,
  endedElsewhere,
}: ServerContext): AccountRepository {
  /** Runs `call` for the session on this device; the server not knowing it ends it here too. */
  async function asSignedIn<T>(call: () => Promise<T>): Promise<T> {
    const session = await db.session.get(SESSION_KEY)
    if (!session) throw new AppError('NOT_SIGNED_IN')
    try {
      return await call()
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) throw error
      await endedElsewhere(session.userId)
      throw new AppError('SESSION_ENDED')
    }
  }

  return {
    sessions: () =>
      asSignedIn(async () => {
        const { sessions } = await client.json(API_PATHS.sessions, sessionsResponseSchema, OFFLINE)
        return { kind: 'server', sessions }
      }),

    signOutOthers: () =>
      asSignedIn(() =>
        client.json(API_PATHS.signOutOthers, signedOutOthersSchema, { method: 'POST', ...OFFLINE }),
      ),

    async changePassword(input) {
      const body = parseOrThrow(changePasswordSchema, input)
      return asSignedIn(async () => {
        const { user } = await client.json(API_PATHS.changePassword, userResponseSchema, {
          method: 'POST',
          body,
          ...OFFLINE,
        })
        const row = (await refreshMirror(db, user)) ?? mirrorRow(user, undefined)
        // The server ends every other session of the account with the change.
        return { user: row, otherSessionsEnded: true }
      })
    },
  }
}
