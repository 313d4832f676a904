import { and, eq, isNull } from 'drizzle-orm'
import type { CheckoutRequest } from '@/domain/checkout'
import { AppError } from '@/domain/errors'
import { checkCardDetails, lastFour } from '@/domain/payment/card'
import type { PaymentGateway } from '@/domain/payment/payment-gateway'
import type { Db } from '../db/database'
import { idempotencyKeys } from '../db/money-schema'
import { claimKey, releaseKey } from './idempotency'
import { hashOf, priceOrder } from './order'
import { recordPurchase, type SubscriptionRow } from './purchase'

/** A claimed key whose checkout has not finished after this long is taken over by a retry. */
export const STALE_CLAIM_MS = 2 * 60_000

export type CheckoutDeps = { db: Db; gateway: PaymentGateway; clock: () => Date }

export type Checkout = {
  userId: string
  role: string
  key: string
  request: CheckoutRequest
}

export type CheckoutResult = { subscription: SubscriptionRow; replayed: boolean }

/**
 * A purchase on the server (DESIGN.md §8): the plan's price from the
 * catalogue, the coupon checked here, the card charged by the gateway once
 * per idempotency key, then the purchase written in one transaction. The key
 * is claimed before the charge, so a repeated request answers the first
 * result (or waits its turn) instead of charging again; a refused charge
 * releases it, so the customer can correct the card and try the same key.
 */
export async function checkout(deps: CheckoutDeps, order: Checkout): Promise<CheckoutResult> {
  const { db, gateway, clock } = deps
  const { request } = order
  if (order.role !== 'user') throw new AppError('FORBIDDEN')
  const { plan, coupon, price } = await priceOrder(db, request)
  const now = clock()
  const problem = checkCardDetails(request.card, now)
  if (problem) throw new AppError(problem)

  const requestHash = hashOf([plan.id, coupon?.code ?? '', lastFour(request.card.cardNumber)])
  const earlier = await claimCardKey(db, order.userId, order.key, requestHash, now)
  if (earlier) return { subscription: earlier, replayed: true }
  try {
    const charge = await gateway.charge({
      amountCents: price.priceCents,
      currency: 'USD',
      card: request.card,
      idempotencyKey: `${order.userId}:${order.key}`,
      description: `Letterhead ${plan.name}`,
    })
    const subscription = await recordPurchase(db, {
      userId: order.userId,
      key: order.key,
      plan,
      price,
      coupon,
      gateway: gateway.id,
      charge,
      now,
    })
    return { subscription, replayed: false }
  } catch (error) {
    await releaseKey(db, order.userId, order.key)
    throw error
  }
}

/**
 * Claims the key for this checkout, or answers the purchase already made
 * under it. The same purchase still in progress is refused until it ends (or
 * goes stale).
 */
async function claimCardKey(
  db: Db,
  userId: string,
  key: string,
  requestHash: string,
  now: Date,
): Promise<SubscriptionRow | null> {
  const claim = await claimKey(db, userId, key, requestHash, now)
  if (claim.state === 'claimed') return null
  const { held, subscription } = claim
  if (subscription) return subscription
  if (now.getTime() - held.createdAt.getTime() < STALE_CLAIM_MS) {
    throw new AppError('CHECKOUT_IN_PROGRESS')
  }
  // A checkout that stopped between its charge and its record: retried under the same key, the
  // gateway answers the same charge, so taking the claim over cannot charge twice.
  const taken = await db
    .update(idempotencyKeys)
    .set({ createdAt: now })
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.createdAt, held.createdAt),
        isNull(idempotencyKeys.subscriptionId),
      ),
    )
    .returning({ key: idempotencyKeys.key })
  if (taken.length === 0) throw new AppError('CHECKOUT_IN_PROGRESS')
  return null
}
