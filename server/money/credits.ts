import { and, eq, ne, sql } from 'drizzle-orm'
import type { Db } from '../db/database'
import { creditLedger } from '../db/money-schema'

/** A letter's credit moving from one purchase to another; either may be none. */
export type CreditMove = {
  letterId: string
  ownerId: string
  from: string | null
  to: string | null
}

/**
 * Writes what letters did to their owners' credits, in the caller's
 * transaction (decision 025): taking one is a `letter` row of -1 on the
 * purchase named, giving it back (a failed letter) a `return` row of +1. Only
 * purchases of the letter's owner count; a letter naming anything else (a
 * purchase made on a device before it had an account) moves nothing, as the
 * device's tallies would. A purchase may go below zero: a device offline
 * spends the credits it last saw, and another may have spent the same ones.
 */
export async function moveLetterCredits(tx: Db, moves: readonly CreditMove[], now: Date) {
  const rows = moves.flatMap((move) =>
    move.from === move.to
      ? []
      : [
          ...(move.from === null ? [] : [{ ...move, purchase: move.from, delta: 1 }]),
          ...(move.to === null ? [] : [{ ...move, purchase: move.to, delta: -1 }]),
        ],
  )
  if (rows.length === 0) return
  await tx.execute(sql`
    insert into credit_ledger (id, owner_id, subscription_id, letter_id, delta, reason, created_at)
    select gen_random_uuid(), s.owner_id, s.id, m.letter_id, m.delta,
      case when m.delta < 0 then 'letter' else 'return' end, ${now.toISOString()}::timestamptz
    from unnest(
      ${sql.param(rows.map((row) => row.ownerId))}::uuid[],
      ${sql.param(rows.map((row) => row.letterId))}::uuid[],
      ${sql.param(rows.map((row) => row.purchase))}::text[],
      ${sql.param(rows.map((row) => row.delta))}::int[]
    ) as m(owner_id, letter_id, purchase, delta)
    join subscriptions s on s.id::text = m.purchase and s.owner_id = m.owner_id
  `)
}

/** One letter's move, the common case. */
export const moveLetterCredit = (tx: Db, move: CreditMove, now: Date) =>
  moveLetterCredits(tx, [move], now)

/**
 * A purchase made while the buyer owes letters pays the debt first (DESIGN.md
 * §8): each purchase below zero is brought back to zero by a `settle` row, and
 * the new purchase takes the same amount by another. Both purchases draw a new
 * version, so devices learn of it on their next pull. Runs in the purchase's
 * transaction, after the buyer's row is locked.
 */
export async function settleDebt(tx: Db, ownerId: string, purchaseId: string, now: Date) {
  const debts = await tx
    .select({
      subscriptionId: creditLedger.subscriptionId,
      owed: sql<number>`(-sum(${creditLedger.delta}))::int`,
    })
    .from(creditLedger)
    .where(and(eq(creditLedger.ownerId, ownerId), ne(creditLedger.subscriptionId, purchaseId)))
    .groupBy(creditLedger.subscriptionId)
    .having(sql`sum(${creditLedger.delta}) < 0`)
  if (debts.length === 0) return 0
  const total = debts.reduce((sum, debt) => sum + Number(debt.owed), 0)
  await tx.execute(sql`
    insert into credit_ledger (id, owner_id, subscription_id, delta, reason, created_at)
    select gen_random_uuid(), ${ownerId}::uuid, d.subscription_id, d.delta, 'settle',
      ${now.toISOString()}::timestamptz
    from unnest(
      ${sql.param([...debts.map((debt) => debt.subscriptionId), purchaseId])}::uuid[],
      ${sql.param([...debts.map((debt) => Number(debt.owed)), -total])}::int[]
    ) as d(subscription_id, delta)
  `)
  await tx.execute(sql`
    update subscriptions set version = nextval('sync_version'), updated_at = ${now.toISOString()}::timestamptz
    where id = any(${sql.param(debts.map((debt) => debt.subscriptionId))}::uuid[])
  `)
  return total
}
