import { changePasswordSchema } from '@/domain/auth-schemas'
import { AppError } from '@/domain/errors'
import { hashPassword, verifyPassword } from '@/domain/password-hash'
import { ROLES } from '@/domain/types'
import { parseOrThrow } from '@/domain/validate'
import type { AccountRepository } from '../repository'
import { deleteDeviceAccount, exportDeviceAccount } from './account-data'
import { type RepositoryContext, requireRole, SESSION_KEY } from './context'

/**
 * The account's security when it lives on this device only: there are no
 * other sessions to list or end, and the password is the PBKDF2 hash in the
 * `credentials` table.
 */
export function createLocalAccountRepository(context: RepositoryContext): AccountRepository {
  const { db } = context
  return {
    sessions: () => Promise.resolve({ kind: 'device-only' }),

    signOutOthers: () => Promise.resolve({ ended: 0 }),

    async changePassword(input) {
      const { currentPassword, newPassword } = parseOrThrow(changePasswordSchema, input)
      const user = await requireRole(db, ROLES)
      const stored = await db.credentials.get(user.id)
      // An account mirrored from a server has no password here to check against.
      if (!stored || !(await verifyPassword(currentPassword, stored))) {
        throw new AppError('WRONG_CURRENT_PASSWORD')
      }
      if (await verifyPassword(newPassword, stored)) throw new AppError('SAME_PASSWORD')
      const replacement = await hashPassword(newPassword)
      await db.transaction('rw', db.session, db.credentials, async () => {
        // Signed out, or someone else signed in, while the hashes were worked out: change nothing.
        const session = await db.session.get(SESSION_KEY)
        if (session?.userId !== user.id) throw new AppError('NOT_SIGNED_IN')
        await db.credentials.put({ userId: user.id, ...replacement })
      })
      return { user, otherSessionsEnded: false }
    },

    exportData: () => exportDeviceAccount(context),

    deleteAccount: (input) => deleteDeviceAccount(context, input),
  }
}
