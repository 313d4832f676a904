import { eq, sql } from 'drizzle-orm'
import { AppError } from '@/domain/errors'
import type { Db } from '../db/database'
import { rowsOf } from '../db/rows-of'
import { syncClients, users } from '../db/schema'

/** bigint: a string from node-postgres, a number or bigint from PGlite. */
type StoredId = number | string | bigint

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
 * At the start of a push's transaction, in one statement: registers
 * `clientId` to `userId` on first use, takes the user's row lock, which orders
 * every write to that user's synced rows (decision 021, Push), and answers the
 * client's last applied mutation id. `no key update` excludes the user's other
 * pushes, but not a sign-in inserting a session that references the user. A
 * client id tied to another user is refused (403), and an account removed
 * while its session was in use (its row stays as a tombstone) is signed out.
 */
export async function claimClientAndLock(
  tx: Db,
  clientId: string,
  userId: string,
  now: Date,
): Promise<number> {
  // The insert's row, or the row already there: the statement's snapshot predates its own insert.
  const [row] = rowsOf<{ deleted_at: unknown; owner: string | null; last: StoredId | null }>(
    await tx.execute(sql`
      with added as (
        insert into ${syncClients} (id, user_id, created_at, last_seen_at)
        values (${clientId}, ${userId}, ${now}, ${now})
        on conflict do nothing
        returning user_id, last_mutation_id
      ),
      client as (
        select user_id, last_mutation_id from added
        union all
        select user_id, last_mutation_id from ${syncClients} where id = ${clientId}
        limit 1
      )
      select ${users.deletedAt} as deleted_at,
        (select user_id from client) as owner, (select last_mutation_id from client) as last
      from ${users} where ${users.id} = ${userId}
      for no key update of ${users}`),
  )
  if (!row || row.deleted_at !== null) throw new AppError('NOT_SIGNED_IN')
  // Registered by another push of the same client after this statement's snapshot was taken.
  const client = row.owner === null ? await clientOf(tx, clientId) : row
  if (client?.owner !== userId) throw new AppError('FORBIDDEN')
  return Number(client.last)
}

async function clientOf(tx: Db, clientId: string) {
  const [client] = await tx
    .select({ owner: syncClients.userId, last: syncClients.lastMutationId })
    .from(syncClients)
    .where(eq(syncClients.id, clientId))
  return client
}

export async function recordMutationId(tx: Db, clientId: string, id: number, now: Date) {
  await tx
    .update(syncClients)
    .set({ lastMutationId: id, lastSeenAt: now })
    .where(eq(syncClients.id, clientId))
}
