import { desc, eq } from 'drizzle-orm'
import {
  type CommissionState,
  commissionStateAt,
  earnedCents,
  summarizeEarnings,
} from '@/domain/commissions'
import type { Db } from '../db/database'
import { commissions, employeeTotals, subscriptions } from '../db/money-schema'
import { LATEST_STATE } from './commission-states'

export type CommissionLineRow = {
  id: string
  createdAt: Date
  plan: string
  saleCents: number
  commissionCents: number
  state: CommissionState
  /** Owed on it now: nothing once voided, the amount taken back when adjusted. */
  earnedCents: number
}

/**
 * An employee's referrals, computed on the server from every customer's
 * purchases (DESIGN.md §8): no customer's name or e-mail, only the date, the
 * plan, the sale and the commission with its state. A pending commission whose
 * refund window has passed reads as approved (the event is written when it is
 * paid or approved by the server).
 */
export async function referralsOf(db: Db, employeeId: string, now: Date) {
  const rows = await db
    .select({
      id: commissions.id,
      createdAt: commissions.createdAt,
      plan: subscriptions.plan,
      saleCents: commissions.saleCents,
      commissionCents: commissions.commissionCents,
      state: LATEST_STATE,
    })
    .from(commissions)
    .innerJoin(subscriptions, eq(subscriptions.id, commissions.subscriptionId))
    .where(eq(commissions.employeeId, employeeId))
    .orderBy(desc(commissions.createdAt), desc(commissions.id))
  const lines: CommissionLineRow[] = rows.map((row) => {
    const state = commissionStateAt(row.state, row.createdAt, now)
    return { ...row, state, earnedCents: earnedCents(state, row.commissionCents) }
  })
  const [totals] = await db
    .select({ referrals: employeeTotals.referrals })
    .from(employeeTotals)
    .where(eq(employeeTotals.employeeId, employeeId))
  const totalReferrals = totals?.referrals ?? 0
  const summary = summarizeEarnings(
    lines.map((line) => ({ state: line.state, amountCents: line.commissionCents })),
  )
  const { earningsCents: totalEarningsCents, averageCents } = summary
  return { totalReferrals, totalEarningsCents, averageCents, commissions: lines }
}
