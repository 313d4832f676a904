import {
  verifyAdminSecret,
  type AdminSecretHash,
  builtInAdminSecretHash,
} from '@/domain/admin-secret'
import { adminSignUpSchema, signInSchema, signUpSchema } from '@/domain/auth-schemas'
import { generateCouponCode } from '@/domain/coupon-code'
import { AppError } from '@/domain/errors'
import { newId } from '@/domain/ids'
import {
  hashPassword,
  spendDecoyVerification,
  verifyPassword,
  type PasswordHash,
} from '@/domain/password-hash'
import { lockedMessage, lockRemainingMs, registerFailure } from '@/domain/sign-in-throttle'
import type { Role, User } from '@/domain/types'
import { parseOrThrow } from '@/domain/validate'
import type { AuthRepository } from '../repository'
import { type RepositoryContext, SESSION_KEY, signedInUser, stamp } from './context'

type NewAccount = { fullName: string; email: string; role: Role; password: PasswordHash }

const MAX_COUPON_DRAWS = 20

function isConstraintError(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'ConstraintError' || error.message.includes('ConstraintError'))
  )
}

export type AuthOptions = {
  adminSecretHash?: AdminSecretHash
  /** Draws a coupon code; tests replace it to force collisions. */
  drawCouponCode?: () => string
}

export function createAuthRepository(
  { db, clock }: RepositoryContext,
  {
    adminSecretHash = builtInAdminSecretHash(),
    drawCouponCode = generateCouponCode,
  }: AuthOptions = {},
): AuthRepository {
  async function uniqueCouponCode(): Promise<string> {
    for (let draw = 0; draw < MAX_COUPON_DRAWS; draw++) {
      const code = drawCouponCode()
      if ((await db.users.where('couponCode').equals(code).count()) === 0) return code
    }
    throw new AppError('SIGNUP_FAILED')
  }

  /** Writes the user, their credential and the session in one transaction. */
  async function createAccount(account: NewAccount): Promise<User> {
    try {
      return await db.transaction('rw', db.users, db.credentials, db.session, async () => {
        if ((await db.users.where('email').equals(account.email).count()) > 0) {
          throw new AppError('USER_EXISTS')
        }
        const user: User = {
          id: newId(),
          email: account.email,
          fullName: account.fullName,
          role: account.role,
          ...stamp(clock),
          ...(account.role === 'employee'
            ? { couponCode: await uniqueCouponCode(), referrals: 0, earningsCents: 0 }
            : {}),
          ...(account.role === 'user' ? { letterCount: 0 } : {}),
        }
        await db.users.add(user)
        await db.credentials.add({ userId: user.id, ...account.password })
        await db.session.put({ id: SESSION_KEY, userId: user.id, signedInAt: user.createdAt })
        return user
      })
    } catch (error) {
      // Another tab may have taken the email between our check and our write.
      if (isConstraintError(error)) throw new AppError('USER_EXISTS')
      throw error
    }
  }

  return {
    async signUp(input) {
      const data = parseOrThrow(signUpSchema, input)
      const password = await hashPassword(data.password)
      return createAccount({
        fullName: data.fullName,
        email: data.email,
        role: data.role,
        password,
      })
    },

    async signUpAdmin(input) {
      const data = parseOrThrow(adminSignUpSchema, input)
      if (!(await verifyAdminSecret(data.adminSecret, adminSecretHash))) {
        throw new AppError('INVALID_ADMIN_SECRET')
      }
      const password = await hashPassword(data.password)
      return createAccount({ fullName: data.fullName, email: data.email, role: 'admin', password })
    },

    async signIn(input) {
      const { email, password } = parseOrThrow(signInSchema, input)
      const throttle = await db.signInThrottle.get(email)
      const wait = lockRemainingMs(throttle, clock())
      if (wait > 0) throw new AppError('TOO_MANY_ATTEMPTS', lockedMessage(wait))

      const user = await db.users.where('email').equals(email).first()
      const credential = user ? await db.credentials.get(user.id) : undefined
      let verified = false
      if (credential) verified = await verifyPassword(password, credential)
      else await spendDecoyVerification(password)

      if (!user || !verified) {
        await db.transaction('rw', db.signInThrottle, async () => {
          const current = await db.signInThrottle.get(email)
          await db.signInThrottle.put(registerFailure(current, email, clock()))
        })
        throw new AppError('INVALID_CREDENTIALS')
      }
      await db.transaction('rw', db.signInThrottle, db.session, async () => {
        await db.signInThrottle.delete(email)
        await db.session.put({
          id: SESSION_KEY,
          userId: user.id,
          signedInAt: clock().toISOString(),
        })
      })
      return user
    },

    async signOut() {
      await db.session.delete(SESSION_KEY)
    },

    currentUser: () => signedInUser(db),

    // The account lives here: the session stands until it is ended here.
    confirmSession: () => Promise.resolve(),

    // Accounts on this device have no e-mail behind them, so no link can prove who asks.
    passwordResetBy: () => Promise.resolve('device-only'),
    requestPasswordReset: () => Promise.reject(new AppError('RESET_NEEDS_SERVER')),
    resetPassword: () => Promise.reject(new AppError('RESET_NEEDS_SERVER')),
  }
}
