import { accountExportSchema, deleteAccountSchema } from '@/domain/account-data'
import {
  API_PATHS,
  changePasswordSchema,
  sessionsResponseSchema,
  signedOutOthersSchema,
  userResponseSchema,
} from '@/domain/api'
import { parseOrThrow } from '@/domain/validate'
import { mirrorRow, refreshMirror } from '../dexie/server-session'
import type { AccountRepository } from '../repository'
import { forgetDeletedAccount } from '../sync/forget-account'
import type { RequestOptions } from './api-client'
import type { ServerContext } from './server-context'
import { asSignedIn } from './signed-in'

const OFFLINE = { offline: 'ACCOUNT_NEEDS_CONNECTION' } as const satisfies RequestOptions
const DATA_OFFLINE = { offline: 'ACCOUNT_DATA_NEEDS_CONNECTION' } as const satisfies RequestOptions

/**
 * The account's sessions and password, which only the server can list and
 * change, and its data, which only the server can hand over or delete.
 */
export function createServerAccount(context: ServerContext): AccountRepository {
  const { db, client } = context
  const signedIn = <T>(call: () => Promise<T>) => asSignedIn(context, call)

  return {
    sessions: () =>
      signedIn(async () => {
        const { sessions } = await client.json(API_PATHS.sessions, sessionsResponseSchema, OFFLINE)
        return { kind: 'server', sessions }
      }),

    signOutOthers: () =>
      signedIn(() =>
        client.json(API_PATHS.signOutOthers, signedOutOthersSchema, { method: 'POST', ...OFFLINE }),
      ),

    async changePassword(input) {
      const body = parseOrThrow(changePasswordSchema, input)
      return signedIn(async () => {
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

    exportData: () =>
      signedIn(() => client.json(API_PATHS.accountExport, accountExportSchema, DATA_OFFLINE)),

    async deleteAccount(input) {
      const body = parseOrThrow(deleteAccountSchema, input)
      return asSignedIn(context, async (userId) => {
        await client.send(API_PATHS.account, { method: 'DELETE', body, ...DATA_OFFLINE })
        await forgetDeletedAccount(db, userId)
      })
    },
  }
}
