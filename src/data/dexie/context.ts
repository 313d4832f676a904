import { AppError } from '@/domain/errors'
import type { Role, User } from '@/domain/types'
import type { LetterheadDatabase } from '../database'

export type RepositoryContext = {
  db: LetterheadDatabase
  clock: () => Date
}

export const SESSION_KEY = 'current'

export async function signedInUser(db: LetterheadDatabase): Promise<User | null> {
  const session = await db.session.get(SESSION_KEY)
  if (!session) return null
  return (await db.users.get(session.userId)) ?? null
}

/** The signed-in user, if their role is one of `roles`; otherwise a typed refusal. */
export async function requireRole(db: LetterheadDatabase, roles: readonly Role[]): Promise<User> {
  const user = await signedInUser(db)
  if (!user) throw new AppError('NOT_SIGNED_IN')
  if (!roles.includes(user.role)) throw new AppError('FORBIDDEN')
  return user
}

export function stamp(clock: () => Date): { createdAt: string; updatedAt: string } {
  const now = clock().toISOString()
  return { createdAt: now, updatedAt: now }
}
