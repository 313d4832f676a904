import { and, asc, eq, gt, sql } from 'drizzle-orm'
import type { SyncedCommission, SyncedSubscription } from '@/domain/sync'
import type { Db } from '../db/database'
import { commissions, refunds, subscriptions } from '../db/money-schema'
import { LATEST_STATE } from '../money/commission-states'
import { present, type VersionedChange } from './rows'

/**
 * Letters taken from a purchase other than by letters: withdrawn by a refund,
 * or moved by a purchase that paid a debt (decision 025).
 */
const LETTERS_WITHDRAWN = sql<number>`(
  select coalesce(-sum(l.delta), 0)::int from credit_ledger l
  where l.subscription_id = ${subscriptions.id} and l.reason in ('refund', 'settle')
)`

/** The buyer's purchases above `cursor`, oldest version first, `limit` of them. */
export async function subscriptionChanges(
  tx: Db,
  userId: string,
  cursor: number,
  limit: number,
): Promise<VersionedChange[]> {
  const rows = await tx
    .select({
      row: subscriptions,
      lettersWithdrawn: LETTERS_WITHDRAWN,
      refundedAt: refunds.createdAt,
    })
    .from(subscriptions)
    .leftJoin(refunds, eq(refunds.subscriptionId, subscriptions.id))
    .where(and(eq(subscriptions.ownerId, userId), gt(subscriptions.version, cursor)))
    .orderBy(asc(subscriptions.version))
    .limit(limit)
  return rows.map(({ row, lettersWithdrawn, refundedAt }) => {
    const synced: SyncedSubscription = {
      id: row.id,
      userId: row.ownerId,
      plan: row.plan,
      priceCents: row.priceCents,
      discountCents: row.discountCents,
      discountPercent: row.discountPercent,
      ...present('couponCode', row.couponCode),
      letters: row.letters,
      lettersWithdrawn: Number(lettersWithdrawn),
      expiresAt: row.expiresAt?.toISOString() ?? null,
      ...present('cardBrand', row.cardBrand),
      ...present('cardLast4', row.cardLast4),
      ...present('refundedAt', refundedAt?.toISOString() ?? null),
      version: row.version,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }
    return { version: row.version, change: { table: 'subscriptions', id: row.id, row: synced } }
  })
}

/** The employee's commissions above `cursor`, oldest version first, `limit` of them. */
export async function commissionChanges(
  tx: Db,
  employeeId: string,
  cursor: number,
  limit: number,
): Promise<VersionedChange[]> {
  const rows = await tx
    .select({ row: commissions, plan: subscriptions.plan, state: LATEST_STATE })
    .from(commissions)
    .innerJoin(subscriptions, eq(subscriptions.id, commissions.subscriptionId))
    .where(and(eq(commissions.employeeId, employeeId), gt(commissions.version, cursor)))
    .orderBy(asc(commissions.version))
    .limit(limit)
  return rows.map(({ row, plan, state }) => {
    const synced: SyncedCommission = {
      id: row.id,
      employeeId: row.employeeId,
      plan,
      saleCents: row.saleCents,
      amountCents: row.commissionCents,
      state,
      version: row.version,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }
    return { version: row.version, change: { table: 'commissions', id: row.id, row: synced } }
  })
}
