import { and, asc, eq, exists, inArray, ne, sql } from 'drizzle-orm'
import { AppError } from '@/domain/errors'
import { formatCents } from '@/domain/money'
import { passwordHashOf } from '../auth/accounts'
import { verifyPassword } from '../auth/passwords'
import type { Db } from '../db/database'
import { aiQueue, aiUsage } from '../db/ai-schema'
import { passwordResets, purchaseMail } from '../db/mail-schema'
import { commissions, idempotencyKeys } from '../db/money-schema'
import { errorReports } from '../db/oversight-schema'
import {
  auditLog,
  credentials,
  letters,
  letterVersions,
  sessions,
  signInThrottle,
  syncClients,
  userSettings,
  users,
} from '../db/schema'
import { LATEST_STATE } from '../money/commission-states'
import { tombstoneEmail } from './tombstone'

/**
 * Deletes the account of `userId` once its password is checked (decision 035).
 * Its letters, settings, sessions, sync state, credentials and the personal
 * parts of its records go; its purchases, credits, commissions, refunds and
 * payouts stay for the books, tied to the account's row, which stays as a
 * tombstone with no name and an undeliverable e-mail. One transaction: all of
 * it, or none. Refused for the last admin who can sign in, and for an
 * employee still owed commission.
 */
export async function deleteAccount(
  db: Db,
  userId: string,
  password: string,
  { now }: { now: Date },
): Promise<void> {
  const stored = await passwordHashOf(db, userId)
  if (!stored || !(await verifyPassword(stored, password))) {
    throw new AppError('WRONG_CURRENT_PASSWORD')
  }
  await db.transaction(async (tx) => {
    // Excludes pushes, purchases and sign-ins of the account until this commits.
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update')
    if (!user) throw new AppError('NOT_SIGNED_IN')
    if (user.role === 'admin') await refuseLastAdmin(tx, userId)
    if (user.role === 'employee') await refuseUnpaidCommission(tx, userId)

    await removePersonalRows(tx, userId, user.email)
    // What the account did stays in the audit log, without the addresses it came from.
    await tx.update(auditLog).set({ ip: null }).where(eq(auditLog.userId, userId))
    await tx.insert(auditLog).values({ userId, action: 'delete-account', ip: null, at: now })
    await tx
      .update(users)
      .set({
        email: tombstoneEmail(),
        fullName: '',
        couponCode: null,
        updatedAt: now,
        deletedAt: now,
      })
      .where(eq(users.id, userId))
  })
}

/** Everything of the account that is not money: gone. */
async function removePersonalRows(tx: Db, userId: string, email: string) {
  await tx.delete(aiQueue).where(eq(aiQueue.userId, userId))
  await tx.delete(aiUsage).where(eq(aiUsage.userId, userId))
  await tx.delete(letterVersions).where(eq(letterVersions.ownerId, userId))
  await tx.delete(letters).where(eq(letters.ownerId, userId))
  await tx.delete(userSettings).where(eq(userSettings.ownerId, userId))
  await tx.delete(syncClients).where(eq(syncClients.userId, userId))
  await tx.delete(sessions).where(eq(sessions.userId, userId))
  await tx.delete(credentials).where(eq(credentials.userId, userId))
  await tx.delete(passwordResets).where(eq(passwordResets.userId, userId))
  await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId))
  // Mail meant for the person (a receipt, a commission notice) is not sent to a deleted account.
  await tx.delete(purchaseMail).where(eq(purchaseMail.recipientId, userId))
  await tx.delete(signInThrottle).where(eq(signInThrottle.email, email))
  // Error reports are the app's, not the person's: they stay, no longer tied to the account.
  await tx.update(errorReports).set({ userId: null }).where(eq(errorReports.userId, userId))
}

/**
 * At least one admin who can sign in must remain. Every admin row is locked,
 * in id order, so two admins deleting themselves at once cannot both pass.
 */
async function refuseLastAdmin(tx: Db, userId: string) {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, 'admin'),
        ne(users.id, userId),
        exists(tx.select().from(credentials).where(eq(credentials.userId, users.id))),
      ),
    )
    .orderBy(asc(users.id))
    .for('update')
  if (admins.length === 0) throw new AppError('LAST_ADMIN')
}

/**
 * An employee's pending and approved commissions are money the business owes
 * them and pays to the person the account names: the account stays until an
 * admin has recorded the payout (or a refund voided them).
 */
async function refuseUnpaidCommission(tx: Db, employeeId: string) {
  const owed = await tx
    .select({ cents: sql<number>`coalesce(sum(${commissions.commissionCents}), 0)::int` })
    .from(commissions)
    .where(
      and(eq(commissions.employeeId, employeeId), inArray(LATEST_STATE, ['pending', 'approved'])),
    )
  const cents = Number(owed[0]?.cents ?? 0)
  if (cents > 0) {
    throw new AppError(
      'UNPAID_COMMISSION',
      `You are still owed ${formatCents(cents)} in commission. Ask an admin to record your payout, then delete your account.`,
    )
  }
}
