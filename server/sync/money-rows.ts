import { sql } from 'drizzle-orm'
import type { SyncedCommission, SyncedSubscription } from '@/domain/sync'
import { jsonArrayOf, rowFromJson } from '../db/json-rows'
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

/** The buyer's purchases above `cursor`, oldest version first, `limit` of them, as a json array. */
export const subscriptionPage = (userId: string, cursor: number, limit: number) =>
  jsonArrayOf(sql`
    select to_json(${subscriptions}) as row, ${LETTERS_WITHDRAWN} as letters_withdrawn,
      ${refunds.createdAt} as refunded_at
    from ${subscriptions} left join ${refunds} on ${refunds.subscriptionId} = ${subscriptions.id}
    where ${subscriptions.ownerId} = ${userId} and ${subscriptions.version} > ${cursor}
    order by ${subscriptions.version} limit ${limit}`)

type SubscriptionJson = {
  row: Record<string, unknown>
  letters_withdrawn: number
  refunded_at: string | null
}

export function subscriptionChange(json: SubscriptionJson): VersionedChange {
  const row = rowFromJson(subscriptions, json.row)
  // A refund's time, as its column would have read it from the driver.
  const refundedAt =
    json.refunded_at === null
      ? null
      : (refunds.createdAt.mapFromDriverValue(json.refunded_at) as Date)
  const synced: SyncedSubscription = {
    id: row.id,
    userId: row.ownerId,
    plan: row.plan,
    priceCents: row.priceCents,
    discountCents: row.discountCents,
    discountPercent: row.discountPercent,
    ...present('couponCode', row.couponCode),
    letters: row.letters,
    lettersWithdrawn: Number(json.letters_withdrawn),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    ...present('cardBrand', row.cardBrand),
    ...present('cardLast4', row.cardLast4),
    ...present('refundedAt', refundedAt?.toISOString() ?? null),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
  return { version: row.version, change: { table: 'subscriptions', id: row.id, row: synced } }
}

/** The employee's commissions above `cursor`, oldest version first, `limit` of them, as a json array. */
export const commissionPage = (employeeId: string, cursor: number, limit: number) =>
  jsonArrayOf(sql`
    select to_json(${commissions}) as row, ${subscriptions.plan} as plan, ${LATEST_STATE} as state
    from ${commissions}
      join ${subscriptions} on ${subscriptions.id} = ${commissions.subscriptionId}
    where ${commissions.employeeId} = ${employeeId} and ${commissions.version} > ${cursor}
    order by ${commissions.version} limit ${limit}`)

type CommissionJson = {
  row: Record<string, unknown>
  plan: SyncedCommission['plan']
  state: SyncedCommission['state']
}

export function commissionChange(json: CommissionJson): VersionedChange {
  const row = rowFromJson(commissions, json.row)
  const synced: SyncedCommission = {
    id: row.id,
    employeeId: row.employeeId,
    plan: json.plan,
    saleCents: row.saleCents,
    amountCents: row.commissionCents,
    state: json.state,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
  return { version: row.version, change: { table: 'commissions', id: row.id, row: synced } }
}

export type { CommissionJson, SubscriptionJson }
