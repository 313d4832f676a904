import { eq, sql } from 'drizzle-orm'
import { AppError } from '@/domain/errors'
import type { Db } from '../db/database'
import { commissions, creditLedger, refunds, subscriptions } from '../db/money-schema'
import { auditLog } from '../db/schema'
import { lockSyncedOwner } from '../sync/clients'
import { nextVersion } from '../sync/letter-store'
import { appendEvent, LATEST_STATE, touchCommissions } from './commission-states'
import type { ServerGateway } from './gateway'

export type RefundDeps = { db: Db; gateway: ServerGateway; clock: () => Date }

export type RefundRow = typeof refunds.$inferSelect

/** What a refund did: the money back, the letters withdrawn, the commission's new state. */
export type RefundOutcome = {
  refund: RefundRow
  commission: 'none' | 'voided' | 'adjusted'
  replayed: boolean
  /** Whose synced rows changed: the buyer, and the employee of a commission. */
  changedFor: string[]
}

/**
 * Refunds a purchase in full, as affiliate programmes do (decision 023): the
 * gateway refunds the charge (once, by key), the purchase's unused letters are
 * withdrawn from the buyer's credits, and its commission is voided while it is
 * pending or approved, or answered by a negative adjustment once paid. Every
 * change is a new row; asked again, it answers the first refund.
 */
export async function refundPurchase(
  { db, gateway, clock }: RefundDeps,
  subscriptionId: string,
  adminId: string,
): Promise<RefundOutcome> {
  const [purchase] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId))
  if (!purchase) throw new AppError('NOT_FOUND')
  const earlier = await refundOf(db, subscriptionId)
  if (earlier) return { refund: earlier, commission: 'none', replayed: true, changedFor: [] }
  const { refundId } = await gateway.refund({
    chargeId: purchase.chargeId,
    amountCents: purchase.priceCents,
    idempotencyKey: `refund:${purchase.id}`,
  })
  const now = clock()
  return db.transaction(async (tx) => {
    // The buyer's lock orders this with their other writes, and with a second refund of it.
    await lockSyncedOwner(tx, purchase.ownerId)
    const raced = await refundOf(tx, subscriptionId)
    if (raced) return { refund: raced, commission: 'none' as const, replayed: true, changedFor: [] }
    const withdrawn = Math.max(0, await balanceOf(tx, purchase.id))
    const [refund] = await tx
      .insert(refunds)
      .values({
        id: crypto.randomUUID(),
        subscriptionId,
        amountCents: purchase.priceCents,
        lettersWithdrawn: withdrawn,
        gatewayRefundId: refundId,
        actorId: adminId,
        createdAt: now,
      })
      .returning()
    if (!refund) throw new Error('The refund was not written')
    if (withdrawn > 0) {
      await tx.insert(creditLedger).values({
        id: crypto.randomUUID(),
        ownerId: purchase.ownerId,
        subscriptionId,
        delta: -withdrawn,
        reason: 'refund',
        createdAt: now,
      })
    }
    // The purchase goes to the buyer's devices again, refunded and with its letters withdrawn.
    await tx
      .update(subscriptions)
      .set({ version: nextVersion(), updatedAt: now })
      .where(eq(subscriptions.id, subscriptionId))
    const settled = await settleCommission(tx, subscriptionId, adminId, refund.id, now)
    await tx.insert(auditLog).values({ userId: adminId, action: 'refund', at: now })
    const changedFor = [purchase.ownerId, ...(settled ? [settled.employeeId] : [])]
    return { refund, commission: settled?.state ?? 'none', replayed: false, changedFor }
  })
}

async function refundOf(db: Db, subscriptionId: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.subscriptionId, subscriptionId))
  return row
}

/** What is left of the purchase's letters on the ledger: granted, less those used and withdrawn. */
async function balanceOf(tx: Db, subscriptionId: string): Promise<number> {
  const [row] = await tx
    .select({ balance: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int` })
    .from(creditLedger)
    .where(eq(creditLedger.subscriptionId, subscriptionId))
  return row?.balance ?? 0
}

async function settleCommission(
  tx: Db,
  subscriptionId: string,
  adminId: string,
  refundId: string,
  now: Date,
): Promise<{ state: 'voided' | 'adjusted'; employeeId: string } | null> {
  const [commission] = await tx
    .select({
      id: commissions.id,
      employeeId: commissions.employeeId,
      cents: commissions.commissionCents,
      state: LATEST_STATE,
    })
    .from(commissions)
    .where(eq(commissions.subscriptionId, subscriptionId))
  if (!commission) return null
  const paid = commission.state === 'paid'
  await appendEvent(tx, {
    commissionId: commission.id,
    state: paid ? 'adjusted' : 'voided',
    // An adjustment takes back what was paid; a voided commission is owed nothing.
    amountCents: paid ? -commission.cents : 0,
    actorId: adminId,
    details: { refundId },
    now,
  })
  await touchCommissions(tx, [commission.id], now)
  return { state: paid ? 'adjusted' : 'voided', employeeId: commission.employeeId }
}
