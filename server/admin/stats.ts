import { sql } from 'drizzle-orm'
import type { AdminStats } from '@/domain/admin-api'
import type { Db } from '../db/database'
import { adminCounters } from '../db/oversight-schema'

/**
 * The totals, from the counters the triggers of migration 0004_admin_totals
 * keep: a metric's sixteen shard rows are summed, so the answer costs the same
 * at ten rows or ten million, and no table is counted.
 */
export async function readStats(db: Db): Promise<AdminStats> {
  const rows = await db
    .select({
      metric: adminCounters.metric,
      total: sql<number>`sum(${adminCounters.value})::int8`.mapWith(Number),
    })
    .from(adminCounters)
    .groupBy(adminCounters.metric)
  const totals = new Map(rows.map((row) => [row.metric, row.total]))
  const total = (metric: string) => totals.get(metric) ?? 0
  return {
    users: total('users'),
    employees: total('employees'),
    letters: total('letters'),
    subscriptions: total('subscriptions'),
    revenueCents: total('revenue_cents'),
    discountsCents: total('discount_cents'),
    commissions: total('commissions'),
    commissionsCents: total('commission_cents'),
    refunds: total('refunds'),
    refundedCents: total('refunded_cents'),
    messages: total('messages'),
    errors: total('errors'),
  }
}
