import { Dexie, type Table } from 'dexie'
import { AppError } from '@/domain/errors'
import type { Role, User } from '@/domain/types'
import type { LetterheadDatabase } from '../database'
import { SESSION_KEY } from '../database-names'

export type RepositoryContext = {
  db: LetterheadDatabase
  clock: () => Date
}

export { SESSION_KEY } from '../database-names'

export async function signedInUser(db: LetterheadDatabase): Promise<User | null> {
  const session = await db.session.get(SESSION_KEY)
  if (!session) return null
  return (await db.users.get(session.userId)) ?? null
}

async function userWithRole(
  db: LetterheadDatabase,
  userId: string,
  roles: readonly Role[],
): Promise<User> {
  const user = await db.users.get(userId)
  if (!user) throw new AppError('NOT_SIGNED_IN')
  if (!roles.includes(user.role)) throw new AppError('FORBIDDEN')
  return user
}

/** The signed-in user, if their role is one of `roles`; otherwise a typed refusal. */
export async function requireRole(db: LetterheadDatabase, roles: readonly Role[]): Promise<User> {
  const session = await db.session.get(SESSION_KEY)
  if (!session) throw new AppError('NOT_SIGNED_IN')
  return userWithRole(db, session.userId, roles)
}

/**
 * Runs `read` for the signed-in user, side by side with the check of their
 * role: one round trip to storage fewer than checking first. Call it inside a
 * transaction over the session, the users and what `read` reads, so both see
 * the same session. Nothing is returned unless the check passes; then the
 * checked user row comes back with the read.
 */
export async function readAsUser<T>(
  db: LetterheadDatabase,
  roles: readonly Role[],
  read: (userId: string) => Promise<T>,
): Promise<{ user: User; value: T }> {
  const session = await db.session.get(SESSION_KEY)
  if (!session) throw new AppError('NOT_SIGNED_IN')
  const [check, result] = await Promise.allSettled([
    userWithRole(db, session.userId, roles),
    read(session.userId),
  ])
  // A refusal wins over anything the read itself reported.
  if (check.status === 'rejected') throw check.reason
  if (result.status === 'rejected') throw result.reason
  return { user: check.value, value: result.value }
}

/**
 * As `readAsUser`, for reads that need only their own answer, in a read
 * transaction of its own over the session, the users and `tables`.
 */
export function readAs<T>(
  db: LetterheadDatabase,
  roles: readonly Role[],
  tables: readonly Table[],
  read: (userId: string) => Promise<T>,
): Promise<T> {
  return readTransaction(
    db,
    [db.session, db.users, ...tables],
    async () => (await readAsUser(db, roles, read)).value,
  )
}

/**
 * Runs `read` in one read-only transaction over `tables` and answers as soon
 * as the reads are in, not at the transaction's complete event, which tells a
 * reader nothing more and costs a round trip to storage. The answer is handed
 * over outside the transaction's zone (Dexie.ignoreTransaction); handed over
 * inside it, the caller's next transaction would be taken for this finished one.
 */
export function readTransaction<T>(
  db: LetterheadDatabase,
  tables: readonly Table[],
  read: () => Promise<T>,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    // The callback must be an async function for Dexie to keep the transaction open across awaits.
    db.transaction('r', tables, async () => {
      const value = await read()
      Dexie.ignoreTransaction(() => resolve(value))
    }).catch(reject)
  })
}

export function stamp(clock: () => Date): { createdAt: string; updatedAt: string } {
  const now = clock().toISOString()
  return { createdAt: now, updatedAt: now }
}
