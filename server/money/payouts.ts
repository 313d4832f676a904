import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/database'
import { commissionEvents, commissions } from '../db/money-schema'
import { auditLog, users } from '../db/schema'
import { appendEvent, approveDue, LATEST_STATE, touchCommissions } from './commission-states'

/** What one employee is paid in a payout. */
export type PayoutLine = {
  employeeId: string
  fullName: string
  email: string
  couponCode: string | null
  commissions: number
  amountCents: number
}

export type Payout = {
  payoutId: string
  totalCents: number
  lines: PayoutLine[]
  /** The employees whose commissions changed, to be told to pull. */
  employeeIds: string[]
}

/**
 * Marks every approved commission paid, as one payout: the commissions whose
 * refund window has passed are approved first, then each approved one gets a
 * `paid` event naming the payout. Answers what to pay whom.
 */
export function recordPayout(db: Db, adminId: string, now: Date): Promise<Payout> {
  const payoutId = crypto.randomUUID()
  return db.transaction(async (tx) => {
    // One payout at a time: a second one waits, then finds nothing approved that this one paid.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('letterhead:payouts'))`)
    await approveDue(tx, now)
    const approved = await tx
      .select({ id: commissions.id, cents: commissions.commissionCents })
      .from(commissions)
      .where(sql`${LATEST_STATE} = 'approved'`)
    for (const commission of approved) {
      await appendEvent(tx, {
        commissionId: commission.id,
        state: 'paid',
        amountCents: commission.cents,
        actorId: adminId,
        details: { payoutId },
        now,
      })
    }
    const employeeIds = await touchCommissions(
      tx,
      approved.map((commission) => commission.id),
      now,
    )
    await tx.insert(auditLog).values({ userId: adminId, action: 'payout', at: now })
    const lines = await payoutLines(tx, payoutId)
    const totalCents = lines.reduce((sum, line) => sum + line.amountCents, 0)
    return { payoutId, totalCents, lines, employeeIds }
  })
}

/** A payout's lines, one an employee, from the `paid` events that name it. */
export async function payoutLines(db: Db, payoutId: string): Promise<PayoutLine[]> {
  return db
    .select({
      employeeId: users.id,
      fullName: users.fullName,
      email: users.email,
      couponCode: users.couponCode,
      commissions: sql<number>`count(*)::int`,
      amountCents: sql<number>`sum(${commissionEvents.amountCents})::int`,
    })
    .from(commissionEvents)
    .innerJoin(commissions, eq(commissions.id, commissionEvents.commissionId))
    .innerJoin(users, eq(users.id, commissions.employeeId))
    .where(
      sql`${commissionEvents.state} = 'paid' and ${commissionEvents.details}->>'payoutId' = ${payoutId}`,
    )
    .groupBy(users.id, users.fullName, users.email, users.couponCode)
    .orderBy(users.fullName, users.id)
}

/** An earlier payout: when it was recorded, whom and how much it paid. */
export type PayoutListItem = {
  payoutId: string
  createdAt: Date
  employees: number
  commissions: number
  totalCents: number
}

/**
 * The most recent payouts first, at most `limit`, from the `paid` events
 * grouped by the payout they name. A payout that found nothing to pay wrote
 * no event, so it is not one of them (nor has it a CSV).
 */
export async function listPayouts(db: Db, limit: number): Promise<PayoutListItem[]> {
  const payoutId = sql<string>`${commissionEvents.details}->>'payoutId'`
  return (
    db
      .select({
        payoutId,
        createdAt: sql<Date>`min(${commissionEvents.createdAt})`.mapWith(
          commissionEvents.createdAt,
        ),
        employees: sql<number>`count(distinct ${commissions.employeeId})::int`,
        commissions: sql<number>`count(*)::int`,
        totalCents: sql<number>`sum(${commissionEvents.amountCents})::int`,
      })
      .from(commissionEvents)
      .innerJoin(commissions, eq(commissions.id, commissionEvents.commissionId))
      .where(sql`${commissionEvents.state} = 'paid' and ${payoutId} is not null`)
      .groupBy(payoutId)
      // Events keep the order they were written in: the later payout has the later ones.
      .orderBy(sql`min(${commissionEvents.createdAt}) desc, max(${commissionEvents.seq}) desc`)
      .limit(limit)
  )
}
