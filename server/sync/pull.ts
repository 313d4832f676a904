import { and, asc, count, eq, gt } from 'drizzle-orm'
import { MONEY_ROWS_SCHEMA_VERSION, type PullResponse } from '@/domain/sync'
import type { Db } from '../db/database'
import { letters, letterVersions, userSettings } from '../db/schema'
import { lastMutationIdFor } from './clients'
import { commissionChanges, subscriptionChanges } from './money-rows'
import { letterChange, settingChange, versionChange } from './rows'

export type PullInput = {
  userId: string
  clientId: string
  cursor: number
  limit: number
  /**
   * The device's sync schema: purchases and commissions, and letters' guided
   * answers and reply tracking, go only to devices that know them.
   */
  schemaVersion: number
}

/**
 * The user's rows above the cursor across the synced tables, oldest
 * version first, `limit` at a time (decision 021, Pull). All of it is read
 * from one snapshot: rows read at different moments could hold a version
 * above one that committed between two reads, and the cursor would pass it.
 * `lastMutationId` is read first, in the same snapshot, so every mutation it
 * acknowledges has its effect in the rows.
 */
export function pull(
  db: Db,
  { userId, clientId, cursor, limit, schemaVersion }: PullInput,
): Promise<PullResponse> {
  return db.transaction(
    async (tx) => {
      const lastMutationId = await lastMutationIdFor(tx, clientId, userId)
      // One more than a page from each table says whether anything is left after the page.
      const letterRows = await tx
        .select()
        .from(letters)
        .where(and(eq(letters.ownerId, userId), gt(letters.version, cursor)))
        .orderBy(asc(letters.version))
        .limit(limit + 1)
      const versionRows = await tx
        .select()
        .from(letterVersions)
        .where(and(eq(letterVersions.ownerId, userId), gt(letterVersions.version, cursor)))
        .orderBy(asc(letterVersions.version))
        .limit(limit + 1)
      const settingRows = await tx
        .select()
        .from(userSettings)
        .where(and(eq(userSettings.ownerId, userId), gt(userSettings.version, cursor)))
        .orderBy(asc(userSettings.version))
        .limit(limit + 1)
      const money =
        schemaVersion >= MONEY_ROWS_SCHEMA_VERSION
          ? [
              ...(await subscriptionChanges(tx, userId, cursor, limit + 1)),
              ...(await commissionChanges(tx, userId, cursor, limit + 1)),
            ]
          : []
      const merged = [
        ...letterRows.map(letterChange(schemaVersion)),
        ...versionRows.map(versionChange(schemaVersion)),
        ...settingRows.map(settingChange),
        ...money,
      ].sort((a, b) => a.version - b.version)
      const page = merged.slice(0, limit)
      const last = page.at(-1)?.version ?? cursor
      const more = merged.length > limit
      return {
        cursor: last,
        lastMutationId,
        changes: page.map(({ change }) => change),
        more,
        // With nothing after the page, no letter is left to count.
        lettersRemaining: more ? await lettersAbove(tx, userId, last) : 0,
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
}

async function lettersAbove(tx: Db, userId: string, version: number): Promise<number> {
  const [remaining] = await tx
    .select({ n: count() })
    .from(letters)
    .where(and(eq(letters.ownerId, userId), gt(letters.version, version)))
  return remaining?.n ?? 0
}
