import type { ApiUser } from '@/domain/api'
import { AppError } from '@/domain/errors'
import type { User } from '@/domain/types'
import type { LetterheadDatabase } from '../database'
import { SESSION_KEY } from './context'
import { startSyncing, startSyncingTables } from '../sync/sync-state'

/**
 * The device's copy of an account that lives on the server. The server's
 * fields win; the tallies this device keeps for its own rows (letters written,
 * referrals, earnings) stay as counted here, since the server does not send them.
 */
export function mirrorRow(user: ApiUser, existing: User | undefined): User {
  const row: User = {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    role: user.role,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  }
  const couponCode = user.couponCode ?? existing?.couponCode
  if (couponCode !== undefined) row.couponCode = couponCode
  if (user.role === 'user' || existing?.letterCount !== undefined) {
    row.letterCount = existing?.letterCount ?? 0
  }
  if (user.role === 'employee' || existing?.referrals !== undefined) {
    row.referrals = existing?.referrals ?? 0
    row.earningsCents = existing?.earningsCents ?? 0
  }
  return row
}

function isConstraintError(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'ConstraintError' || error.message.includes('ConstraintError'))
  )
}

/** Writes the mirror row; another account on this device with the same email is never replaced. */
async function putMirror(db: LetterheadDatabase, user: ApiUser): Promise<User> {
  const sameEmail = await db.users.where('email').equals(user.email).first()
  if (sameEmail && sameEmail.id !== user.id) throw new AppError('DEVICE_ACCOUNT_CONFLICT')
  const row = mirrorRow(user, await db.users.get(user.id))
  await db.users.put(row)
  return row
}

/** A unique index (email, coupon code) taken by another account on this device. */
async function refusingConflicts<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isConstraintError(error)) throw new AppError('DEVICE_ACCOUNT_CONFLICT')
    throw error
  }
}

/**
 * The server signed `user` in: mirror the account, open the session here and
 * start syncing the account's data, in one transaction.
 */
export function mirrorSignIn(
  db: LetterheadDatabase,
  user: ApiUser,
  clock: () => Date,
): Promise<User> {
  const tables = [db.users, db.session, ...startSyncingTables(db)]
  return refusingConflicts(() =>
    db.transaction('rw', tables, async () => {
      const row = await putMirror(db, user)
      const at = clock().toISOString()
      await db.session.put({ id: SESSION_KEY, userId: row.id, signedInAt: at })
      await startSyncing(db, row.id, at)
      return row
    }),
  )
}

/** The server's latest word on an account this device already mirrors; nothing if it mirrors none. */
export function refreshMirror(db: LetterheadDatabase, user: ApiUser): Promise<User | null> {
  return refusingConflicts(() =>
    db.transaction('rw', db.users, async () =>
      (await db.users.get(user.id)) ? await putMirror(db, user) : null,
    ),
  )
}

/**
 * Ends `userId`'s session on this device. A session someone else opened
 * meanwhile (another tab signed in) is left alone; answers whether it ended one.
 */
export function endSessionOf(db: LetterheadDatabase, userId: string): Promise<boolean> {
  return db.transaction('rw', db.session, async () => {
    const session = await db.session.get(SESSION_KEY)
    if (session?.userId !== userId) return false
    await db.session.delete(SESSION_KEY)
    return true
  })
}

/** Whether this device holds an account of its own, with its password here, under `email`. */
export async function holdsDeviceOnlyAccount(
  db: LetterheadDatabase,
  email: string,
): Promise<boolean> {
  const user = await db.users.where('email').equals(email).first()
  return user !== undefined && (await db.credentials.get(user.id)) !== undefined
}
