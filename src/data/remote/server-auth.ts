import { API_PATHS, type ApiUser, okSchema, userResponseSchema } from '@/domain/api'
import { adminSignUpSchema, signInSchema, signUpSchema } from '@/domain/auth-schemas'
import { passwordResetRequestSchema, passwordResetSchema } from '@/domain/password-reset-schemas'
import { AppError } from '@/domain/errors'
import type { User } from '@/domain/types'
import { parseOrThrow } from '@/domain/validate'
import { SESSION_KEY, signedInUser } from '../dexie/context'
import {
  endSessionOf,
  holdsDeviceOnlyAccount,
  mirrorSignIn,
  refreshMirror,
} from '../dexie/server-session'
import type { AuthRepository } from '../repository'
import { ApiError } from './api-client'
import type { ServerContext } from './server-context'
import { removeAccountData } from '../sync/remove-account-data'

/**
 * Accounts kept by the Letterhead server. Signing up, in and out asks the
 * server; the account it answers with is mirrored on the device with the
 * session row, so everything else (letters, credits, the role shown) reads
 * the device as in device-only mode, and a reload offline opens the dashboard.
 */
export function createServerAuth({
  db,
  clock,
  client,
  signOuts,
  endedElsewhere,
}: ServerContext): AuthRepository {
  async function signInWith(path: string, body: { email: string }): Promise<User> {
    // Nothing on this device is replaced: its own account with this email stays, and so does the refusal.
    if (await holdsDeviceOnlyAccount(db, body.email)) throw new AppError('DEVICE_ACCOUNT_CONFLICT')
    // A sign-out left from offline goes first, while the cookie is still the one it was for.
    await signOuts.flush()
    signOuts.forget()
    const { user } = await client.json(path, userResponseSchema, { method: 'POST', body })
    try {
      return await mirrorSignIn(db, user, clock)
    } catch (error) {
      // Signed in on the server but not here: do not leave that session open.
      await client.send(API_PATHS.signOut, { method: 'POST' }).catch(() => undefined)
      throw error
    }
  }

  async function confirmWith(userId: string): Promise<void> {
    let user: ApiUser
    try {
      ;({ user } = await client.json(API_PATHS.me, userResponseSchema))
    } catch (error) {
      // Only the server saying "not signed in" ends the session; silence or trouble says nothing.
      if (error instanceof ApiError && error.status === 401) await endedElsewhere(userId)
      return
    }
    if (user.id !== userId) return endedElsewhere(userId)
    // A name or role changed elsewhere shows here; a clash with a device-only account keeps the old copy.
    await refreshMirror(db, user).catch(() => undefined)
  }

  /** A password-reset request: it answers `ok`, and needs the server. */
  async function postReset(path: string, body: object): Promise<void> {
    await client.json(path, okSchema, { method: 'POST', body, offline: 'RESET_NEEDS_CONNECTION' })
  }

  async function confirmSession(): Promise<void> {
    await signOuts.flush()
    const session = await db.session.get(SESSION_KEY)
    if (session) await confirmWith(session.userId)
  }

  return {
    async signUp(input) {
      return signInWith(API_PATHS.signUp, parseOrThrow(signUpSchema, input))
    },

    async signUpAdmin(input) {
      // The server alone checks the admin secret; the bundle's hash is for device-only mode.
      return signInWith(API_PATHS.adminSignUp, parseOrThrow(adminSignUpSchema, input))
    },

    async signIn(input) {
      return signInWith(API_PATHS.signIn, parseOrThrow(signInSchema, input))
    },

    async signOut(options = {}) {
      const session = await db.session.get(SESSION_KEY)
      if (!session) return
      // Noted before the session ends here, so a tab closed at once still tells the server later.
      signOuts.remember()
      if (options.removeData) await removeAccountData(db, session.userId)
      await endSessionOf(db, session.userId)
      void signOuts.flush()
    },

    currentUser: () => signedInUser(db),

    confirmSession,

    passwordResetBy: () => Promise.resolve('email'),

    requestPasswordReset: (input) =>
      postReset(API_PATHS.passwordReset, parseOrThrow(passwordResetRequestSchema, input)),

    async resetPassword(input) {
      await postReset(API_PATHS.passwordResetConfirm, parseOrThrow(passwordResetSchema, input))
      // The reset ended every session of that account: if this device held one, it ends here too.
      await confirmSession()
    },
  }
}
