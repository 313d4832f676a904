import { sql } from 'drizzle-orm'
import type { PriceBreakdown } from '@/domain/money'
import { type Plan, planExpiry } from '@/domain/plans'
import type { ChargeResult } from '@/domain/payment/payment-gateway'
import type { Db } from '../db/database'
import {
  commissionEvents,
  commissions,
  creditLedger,
  employeeTotals,
  idempotencyKeys,
  subscriptions,
} from '../db/money-schema'
import { owePurchaseMail } from '../mail/purchase-mail'
import { lockSyncedOwner } from '../sync/clients'
import { nextVersion } from '../sync/letter-store'
import { settleDebt } from './credits'
import type { CouponOwner } from './coupons'

export type SubscriptionRow = typeof subscriptions.$inferSelect

export type Purchase = {
  userId: string
  key: string
  plan: Plan
  price: PriceBreakdown
  coupon: CouponOwner | null
  gateway: string
  /** What the gateway charged; a hosted page (Stripe's) leaves the card's brand and digits unknown. */
  charge: Pick<ChargeResult, 'chargeId'> & { cardBrand: string | null; cardLast4: string | null }
  now: Date
}

/**
 * Writes a paid purchase in one transaction: the subscription, its credit
 * grant (after any letters the buyer owed), the employee's commission
 * (pending) and referral count when a coupon was used, and the answer kept
 * under the checkout's idempotency key. The buyer's row is locked first, then
 * the employee's, as every write of a synced row is (decision 021), so each
 * version commits in order with its owner's others.
 */
export function recordPurchase(db: Db, purchase: Purchase): Promise<SubscriptionRow> {
  const { userId, plan, price, coupon, charge, now } = purchase
  return db.transaction(async (tx) => {
    await lockSyncedOwner(tx, userId)
    const [subscription] = await tx
      .insert(subscriptions)
      .values({
        id: crypto.randomUUID(),
        ownerId: userId,
        plan: plan.id,
        listCents: price.listCents,
        discountPercent: price.discountPercent,
        discountCents: price.discountCents,
        priceCents: price.priceCents,
        letters: plan.letters,
        expiresAt: dateOrNull(planExpiry(plan, now)),
        employeeId: coupon?.employeeId ?? null,
        couponCode: coupon?.code ?? null,
        gateway: purchase.gateway,
        chargeId: charge.chargeId,
        cardBrand: charge.cardBrand,
        cardLast4: charge.cardLast4,
        version: nextVersion(),
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    if (!subscription) throw new Error('The subscription was not written')
    await tx.insert(creditLedger).values({
      id: crypto.randomUUID(),
      ownerId: userId,
      subscriptionId: subscription.id,
      delta: plan.letters,
      reason: 'grant',
      createdAt: now,
    })
    await settleDebt(tx, userId, subscription.id, now)
    await tx
      .update(idempotencyKeys)
      .set({ subscriptionId: subscription.id })
      .where(
        sql`${idempotencyKeys.userId} = ${userId} and ${idempotencyKeys.key} = ${purchase.key}`,
      )
    // Sent once this commits (decision 034): a retried checkout writes no purchase, so no mail.
    await owePurchaseMail(tx, subscription, now)
    // Last, so the employee's lock is held only to the commit: one popular code serializes
    // its sales on that lock, and the rest of the purchase is written before it is taken.
    if (coupon) await recordCommission(tx, coupon, subscription, price, now)
    return subscription
  })
}

async function recordCommission(
  tx: Db,
  coupon: CouponOwner,
  subscription: SubscriptionRow,
  price: PriceBreakdown,
  now: Date,
) {
  // The commission is synced to the employee's devices: its version is drawn under their lock.
  await lockSyncedOwner(tx, coupon.employeeId)
  const commissionId = crypto.randomUUID()
  await tx.insert(commissions).values({
    id: commissionId,
    employeeId: coupon.employeeId,
    subscriptionId: subscription.id,
    saleCents: price.priceCents,
    commissionCents: price.commissionCents,
    version: nextVersion(),
    createdAt: now,
    updatedAt: now,
  })
  await tx.insert(commissionEvents).values({
    id: crypto.randomUUID(),
    commissionId,
    state: 'pending',
    amountCents: price.commissionCents,
    createdAt: now,
  })
  await tx
    .insert(employeeTotals)
    .values({ employeeId: coupon.employeeId, referrals: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: employeeTotals.employeeId,
      set: { referrals: sql`${employeeTotals.referrals} + 1`, updatedAt: now },
    })
}

const dateOrNull = (iso: string | null) => (iso === null ? null : new Date(iso))
