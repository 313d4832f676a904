import type { Change, SyncedCommission, SyncedSubscription } from '@/domain/sync'
import type { Commission, Letter, Subscription } from '@/domain/types'
import type { LetterheadDatabase } from '../database'
import { tally } from '../letter-tallies'

/*
 * Purchases and commissions as the server sends them (decision 025): the
 * device only reads them. What a purchase has used is still this device's
 * tally of its letters, moved as letters arrive, so a letter written here
 * offline counts at once; the server's own withdrawals come with the row.
 */

/** A pulled purchase as this device keeps it: the server's fields, this device's tally. */
export function localSubscription(row: SyncedSubscription, lettersUsed: number): Subscription {
  const { couponCode, cardBrand, cardLast4, refundedAt, ...fields } = row
  return {
    ...fields,
    lettersUsed,
    // A purchase made elsewhere was never a checkout attempt of this device.
    idempotencyKey: row.id,
    ...(couponCode === undefined ? {} : { couponCode }),
    ...(cardBrand === undefined ? {} : { cardBrand }),
    ...(cardLast4 === undefined ? {} : { cardLast4 }),
    ...(refundedAt === undefined ? {} : { refundedAt }),
  }
}

export const localCommission = (row: SyncedCommission): Commission => ({ ...row })

const rowsOf = <T>(changes: readonly Change[], table: 'subscriptions' | 'commissions') =>
  changes.flatMap((change) => (change.table === table && 'row' in change ? [change.row as T] : []))

const removedFrom = (changes: readonly Change[], table: 'subscriptions' | 'commissions') =>
  changes.flatMap((change) => (change.table === table && !('row' in change) ? [change.id] : []))

/**
 * Writes the page's purchases, keeping the tally of one already here; a new
 * one counts the letters here that name it (they may have arrived first).
 */
export async function applySubscriptions(db: LetterheadDatabase, changes: readonly Change[]) {
  const rows = rowsOf<SyncedSubscription>(changes, 'subscriptions')
  const existing = await db.subscriptions.bulkGet(rows.map((row) => row.id))
  const puts = await Promise.all(
    rows.map(async (row, index) => {
      const here = existing[index]
      if (here?.version !== undefined && here.version > row.version) return undefined
      const used =
        here?.lettersUsed ?? (await db.letters.where('subscriptionId').equals(row.id).count())
      return localSubscription(row, used)
    }),
  )
  await Promise.all([
    db.subscriptions.bulkPut(puts.filter((row): row is Subscription => row !== undefined)),
    db.subscriptions.bulkDelete(removedFrom(changes, 'subscriptions')),
  ])
}

export async function applyCommissions(db: LetterheadDatabase, changes: readonly Change[]) {
  const rows = rowsOf<SyncedCommission>(changes, 'commissions')
  await Promise.all([
    db.commissions.bulkPut(rows.map(localCommission)),
    db.commissions.bulkDelete(removedFrom(changes, 'commissions')),
  ])
}

/**
 * Moves purchases' tallies by what pulled letters did to their credits: a
 * letter that came naming a purchase uses one of it, one that stopped naming
 * it (it failed elsewhere) gives it back. One read and write a purchase.
 */
export async function moveTalliesFor(
  db: LetterheadDatabase,
  moves: ReadonlyArray<{ before: Letter | undefined; after: Letter | undefined }>,
) {
  const taken = tally(moves.map(({ before, after }) => differs(after, before)))
  const given = tally(moves.map(({ before, after }) => differs(before, after)))
  const ids = [...new Set([...taken.keys(), ...given.keys()])]
  if (ids.length === 0) return
  const purchases = await db.subscriptions.bulkGet(ids)
  const moved = purchases.flatMap((purchase) => {
    if (!purchase) return []
    const by = (taken.get(purchase.id) ?? 0) - (given.get(purchase.id) ?? 0)
    return by === 0 ? [] : [{ ...purchase, lettersUsed: purchase.lettersUsed + by }]
  })
  await db.subscriptions.bulkPut(moved)
}

/** The purchase `letter` names that `other` does not, if any. */
const differs = (letter: Letter | undefined, other: Letter | undefined) =>
  letter?.subscriptionId !== undefined && letter.subscriptionId !== other?.subscriptionId
    ? letter.subscriptionId
    : undefined
