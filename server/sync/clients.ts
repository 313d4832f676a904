import { eq } from 'drizzle-orm'
import { AppError } from '@/domain/errors'
import type { Db } from '../db/database'
import { syncClients, users } from '../db/schema'

/**
 * Registers `clientId` to `userId` on first use. A client id already tied to
 * another user is refused (403) before anything of the push is applied.
 */
export async function claimClient(db: Db, clientId: string, userId: string, now: Date) {
  await db
    .insert(syncClients)
    .values({ id: clientId, userId, createdAt: now, lastSeenAt: now })
    .onConflictDoNothing()
  const owner = await ownerOf(db, clientId)
  if (owner?.userId !== userId) throw new AppError('FORBIDDEN')
}

/**
 * The client's last applied mutation id for a pull, 0 for a client the server
 * has not met (a pull does not register it); another user's client is 403.
 */
export async function lastMutationIdFor(db: Db, clientId: string, userId: string) {
  const owner = await ownerOf(db, clientId)
  if (!owner) return 0
  if (owner.userId !== userId) throw new AppError('FORBIDDEN')
  return owner.lastMutationId
}

async function ownerOf(db: Db, clientId: string) {
  const [row] = await db
    .select({ userId: syncClients.userId, lastMutationId: syncClients.lastMutationId })
    .from(syncClients)
    .where(eq(syncClients.id, clientId))
  return row
}

/**
 * Takes `userId`'s row lock before a write that draws a version for a row
 * synced to their devices, so their versions commit in order (decision 021).
 * Answers whether the account is still there: a deleted account's row stays
 * as a tombstone (decision 035), and a push that waited on its deletion's lock
 * must not write letters for it.
 */
export async function lockSyncedOwner(tx: Db, userId: string): Promise<boolean> {
  const [user] = await tx
    .select({ deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update')
  return user !== undefined && user.deletedAt === null
}

/**
 * Takes the user's row lock, which orders every write to that user's synced
 * rows (decision 021, Push), then reads the client's last mutation id. `no
 * key update` excludes the other pushes of the user all the same, but not a
 * sign-in inserting a session that references the user.
 */
export async function lockForMutation(tx: Db, userId: string, clientId: string) {
  // The account was removed while its session was in use.
  if (!(await lockSyncedOwner(tx, userId))) throw new AppError('NOT_SIGNED_IN')
  return lastMutationIdOf(tx, clientId)
}

export async function lastMutationIdOf(db: Db, clientId: string): Promise<number> {
  const [row] = await db
    .select({ lastMutationId: syncClients.lastMutationId })
    .from(syncClients)
    .where(eq(syncClients.id, clientId))
  return row?.lastMutationId ?? 0
}

export async function recordMutationId(tx: Db, clientId: string, id: number, now: Date) {
  await tx
    .update(syncClients)
    .set({ lastMutationId: id, lastSeenAt: now })
    .where(eq(syncClients.id, clientId))
}
