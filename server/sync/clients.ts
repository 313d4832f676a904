import { eq, sql } from 'drizzle-orm'
import { AppError } from '@/domain/errors'
import type { Db } from '../db/database'
import { rowsOf } from '../db/rows-of'
import { syncClients, users } from '../db/schema'

/**
 * Registers `clientId` to `userId` on first use, and answers the last mutation
 * id applied for it, in one statement. A client id already tied to another
 * user is refused (403) before anything of the push is applied.
 */
export async function claimClient(db: Db, clientId: string, userId: string, now: Date) {
  // The insert's row, or the row already there: the statement's snapshot predates its own insert.
  const [row] = rowsOf<ClientRow>(
    await db.execute(sql`
      with added as (
        insert into ${syncClients} (id, user_id, created_at, last_seen_at)
        values (${clientId}, ${userId}, ${now}, ${now})
        on conflict do nothing
        returning user_id, last_mutation_id
      )
      select user_id, last_mutation_id from added
      union all
      select user_id, last_mutation_id from ${syncClients} where id = ${clientId}
      limit 1`),
  )
  // Registered by another push of the same client after this statement's snapshot was taken.
  const owner = row
    ? { userId: row.user_id, lastMutationId: Number(row.last_mutation_id) }
    : await ownerOf(db, clientId)
  if (owner?.userId !== userId) throw new AppError('FORBIDDEN')
  return owner.lastMutationId
}

/** bigint: a string from node-postgres, a number or bigint from PGlite. */
type ClientRow = { user_id: string; last_mutation_id: number | string | bigint }

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
 * rows (decision 021, Push), and reads the client's last mutation id, in one
 * statement. `no key update` excludes the other pushes of the user all the
 * same, but not a sign-in inserting a session that references the user.
 */
export async function lockForMutation(tx: Db, userId: string, clientId: string) {
  const [row] = rowsOf<{
    deleted_at: unknown
    last_mutation_id: ClientRow['last_mutation_id'] | null
  }>(
    await tx.execute(sql`
      select ${users.deletedAt} as deleted_at,
        (select last_mutation_id from ${syncClients} where id = ${clientId}) as last_mutation_id
      from ${users} where ${users.id} = ${userId}
      for no key update of ${users}`),
  )
  // The account was removed while its session was in use: its row stays as a tombstone.
  if (!row || row.deleted_at !== null) throw new AppError('NOT_SIGNED_IN')
  return Number(row.last_mutation_id ?? 0)
}

export async function recordMutationId(tx: Db, clientId: string, id: number, now: Date) {
  await tx
    .update(syncClients)
    .set({ lastMutationId: id, lastSeenAt: now })
    .where(eq(syncClients.id, clientId))
}
