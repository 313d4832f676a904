import { and, eq, gt, isNull } from 'drizzle-orm'
import { AppError } from '@/domain/errors'
import { newId } from '@/domain/ids'
import type { Db } from '../db/database'
import { passwordResets } from '../db/mail-schema'
import { credentials, sessions, signInThrottle, users } from '../db/schema'
import { audit } from './accounts'
import { hashPassword } from './passwords'
import type { UserRow } from './sessions'
import { hashToken, newSessionToken } from './tokens'

/** How long a reset link works. */
export const RESET_TTL_MS = 60 * 60_000

/** The page a reset link opens; the token rides in the fragment, which browsers never send to a server. */
export const resetLink = (origin: string, token: string) =>
  `${origin}/auth?view=reset#token=${token}`

export type IssuedReset = { user: UserRow; token: string }

/**
 * A new reset token for the account `email` names, stored as its SHA-256
 * only; null when no account has that email (the caller answers alike).
 */
export async function issueResetToken(
  db: Db,
  email: string,
  now: Date,
  ip: string,
): Promise<IssuedReset | null> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1)
  if (!user) return null
  // The same 32 random bytes a session token has.
  const token = newSessionToken()
  await db.insert(passwordResets).values({
    id: newId(),
    userId: user.id,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + RESET_TTL_MS),
  })
  await audit(db, user.id, 'password-reset-requested', ip, now)
  return { user, token }
}

type ResetRow = typeof passwordResets.$inferSelect

/** Why a token cannot set a password: used before expired, so a spent link says it was spent. */
function refusalOf(row: ResetRow | undefined, now: Date): AppError {
  if (!row) return new AppError('RESET_LINK_INVALID')
  if (row.usedAt) return new AppError('RESET_LINK_USED')
  if (row.expiresAt.getTime() <= now.getTime()) return new AppError('RESET_LINK_EXPIRED')
  return new AppError('RESET_LINK_INVALID')
}

const findByHash = async (db: Db, tokenHash: string) =>
  (await db.select().from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash)))[0]

/**
 * Sets the password a live token's account will sign in with, in one
 * transaction: the token is spent (by a conditional update, so two requests
 * with one token cannot both succeed), the account's other reset links with
 * it, every session of the account ends, and a lockout from failed sign-ins
 * is lifted.
 */
export async function resetPassword(
  db: Db,
  token: string,
  password: string,
  now: Date,
  ip: string,
): Promise<void> {
  const tokenHash = hashToken(token)
  const row = await findByHash(db, tokenHash)
  if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime()) throw refusalOf(row, now)
  const passwordHash = await hashPassword(password)
  const spent = await db.transaction(async (tx) => {
    const [taken] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, tokenHash),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId })
    if (!taken) return false
    await tx
      .update(credentials)
      .set({ passwordHash, updatedAt: now })
      .where(eq(credentials.userId, taken.userId))
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, taken.userId), isNull(passwordResets.usedAt)))
    await tx.delete(sessions).where(eq(sessions.userId, taken.userId))
    // Whoever proved they hold the mailbox need not wait out a lockout from failed sign-ins.
    const [owner] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, taken.userId))
    if (owner) await tx.delete(signInThrottle).where(eq(signInThrottle.email, owner.email))
    await audit(tx, taken.userId, 'password-reset', ip, now)
    return true
  })
  if (!spent) throw refusalOf(await findByHash(db, tokenHash), now)
}
