import { sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { AppError } from '@/domain/errors'
import { MONEY_ROWS_SCHEMA_VERSION, type PullResponse } from '@/domain/sync'
import type { Db } from '../db/database'
import { jsonArrayOf, rowFromJson } from '../db/json-rows'
import { rowsOf } from '../db/rows-of'
import { letters, letterVersions, syncClients, userSettings } from '../db/schema'
import {
  type CommissionJson,
  commissionChange,
  commissionPage,
  type SubscriptionJson,
  subscriptionChange,
  subscriptionPage,
} from './money-rows'
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

type Json = Record<string, unknown>

/** What the pull's one statement answers: the client's owner and last id, and each table's page. */
type PullRow = {
  client_owner: string | null
  last_mutation_id: number | string | bigint | null
  letters_above: number | string | bigint
  letters: Json[]
  versions: Json[]
  settings: Json[]
  subscriptions: SubscriptionJson[] | null
  commissions: CommissionJson[] | null
}

/** The user's rows of `table` above the cursor, oldest version first, as a json array. */
function page(
  table: PgTable,
  owner: PgColumn,
  version: PgColumn,
  { userId, cursor }: PullInput,
  size: number,
) {
  return jsonArrayOf(
    sql`select * from ${table} where ${owner} = ${userId} and ${version} > ${cursor} order by ${version} limit ${size}`,
  )
}

/**
 * The user's rows above the cursor across the synced tables, oldest
 * version first, `limit` at a time (decision 021, Pull). All of it is read
 * by one statement, so from one snapshot: rows read at different moments
 * could hold a version above one that committed between two reads, and the
 * cursor would pass it. `lastMutationId` is read in the same snapshot, so
 * every mutation it acknowledges has its effect in the rows. One statement
 * is also one round trip to the database where six reads in a transaction
 * were nine (decision 044).
 */
export async function pull(db: Db, input: PullInput): Promise<PullResponse> {
  const { userId, clientId, cursor, limit, schemaVersion } = input
  // One more than a page from each table says whether anything is left after the page.
  const size = limit + 1
  const withMoney = schemaVersion >= MONEY_ROWS_SCHEMA_VERSION
  const [row] = rowsOf<PullRow>(
    await db.execute(sql`
      select
        (select ${syncClients.userId} from ${syncClients} where ${syncClients.id} = ${clientId}) as client_owner,
        (select ${syncClients.lastMutationId} from ${syncClients} where ${syncClients.id} = ${clientId}) as last_mutation_id,
        (select count(*) from ${letters} where ${letters.ownerId} = ${userId} and ${letters.version} > ${cursor}) as letters_above,
        ${page(letters, letters.ownerId, letters.version, input, size)} as letters,
        ${page(letterVersions, letterVersions.ownerId, letterVersions.version, input, size)} as versions,
        ${page(userSettings, userSettings.ownerId, userSettings.version, input, size)} as settings,
        ${withMoney ? subscriptionPage(userId, cursor, size) : sql`null`} as subscriptions,
        ${withMoney ? commissionPage(userId, cursor, size) : sql`null`} as commissions`),
  )
  if (!row) throw new Error('The pull answered no row')
  // A client the server has not met has applied nothing (a pull does not register it).
  if (row.client_owner !== null && row.client_owner !== userId) throw new AppError('FORBIDDEN')
  const merged = [
    ...row.letters.map((json) => letterChange(schemaVersion)(rowFromJson(letters, json))),
    ...row.versions.map((json) => versionChange(schemaVersion)(rowFromJson(letterVersions, json))),
    ...row.settings.map((json) => settingChange(rowFromJson(userSettings, json))),
    ...(row.subscriptions ?? []).map(subscriptionChange),
    ...(row.commissions ?? []).map(commissionChange),
  ].sort((a, b) => a.version - b.version)
  const changes = merged.slice(0, limit)
  const last = changes.at(-1)?.version ?? cursor
  const more = merged.length > limit
  return {
    cursor: last,
    lastMutationId: Number(row.last_mutation_id ?? 0),
    changes: changes.map(({ change }) => change),
    more,
    // The letters above the cursor that this page does not carry; none when nothing is left.
    lettersRemaining: more
      ? Number(row.letters_above) -
        changes.filter(({ change }) => change.table === 'letters').length
      : 0,
  }
}
