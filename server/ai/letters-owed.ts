import { sql } from 'drizzle-orm'
import type { Db } from '../db/database'
import { rowsOf } from '../db/rows-of'

/**
 * Letters the user owes on the credit ledger (DESIGN.md §8): what each of their
 * purchases was used beyond its letters, as the device counts it
 * (src/domain/credits.ts). While it is above zero no new letter is written,
 * by the device or by the server's AI, until the next purchase pays it.
 */
export async function lettersOwed(db: Db, userId: string): Promise<number> {
  const result = await db.execute(sql`
    select coalesce(sum(-balance), 0)::int as owed
    from (
      select sum(delta) as balance from credit_ledger
      where owner_id = ${userId}
      group by subscription_id
    ) purchases
    where balance < 0
  `)
  return rowsOf<{ owed: number }>(result)[0]?.owed ?? 0
}
