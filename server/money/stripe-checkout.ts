import type { HostedCheckoutRequest } from '@/domain/checkout'
import { AppError } from '@/domain/errors'
import type { Db } from '../db/database'
import { claimKey, releaseKey } from './idempotency'
import { hashOf, priceOrder } from './order'
import type { SubscriptionRow } from './purchase'
import type { ReturnUrls, StripeGateway } from './stripe-gateway'

export type StripeCheckoutDeps = { db: Db; gateway: StripeGateway; clock: () => Date }

export type StripeCheckout = {
  userId: string
  email: string
  role: string
  key: string
  request: HostedCheckoutRequest
  /** Where Stripe sends the customer back: after paying, or having cancelled on its page. */
  returnUrls: ReturnUrls
}

/** Stripe's page to pay on, or, when the key's purchase is already written, that purchase. */
export type StripeCheckoutResult =
  { checkoutUrl: string; replayed: boolean } | { subscription: SubscriptionRow; replayed: true }

/**
 * A purchase through Stripe Checkout (decision 026): priced here as any
 * checkout is, then a Checkout Session for exactly that amount, made once per
 * key (Stripe answers the same session for the same key). Nothing is written
 * but the key's claim until Stripe's webhook reports the payment; the key then
 * answers the purchase instead of the page.
 */
export async function startStripeCheckout(
  { db, gateway, clock }: StripeCheckoutDeps,
  order: StripeCheckout,
): Promise<StripeCheckoutResult> {
  if (order.role !== 'user') throw new AppError('FORBIDDEN')
  const { plan, coupon, price } = await priceOrder(db, order.request)
  const requestHash = hashOf([plan.id, coupon?.code ?? '', 'stripe'])
  const claim = await claimStripeKey(db, order.userId, order.key, requestHash, clock())
  if (!('state' in claim)) return { subscription: claim, replayed: true }
  try {
    const session = await gateway.startCheckout({
      amountCents: price.priceCents,
      description: `Letterhead ${plan.name}`,
      metadata: {
        userId: order.userId,
        plan: plan.id,
        couponCode: coupon?.code,
        idempotencyKey: order.key,
      },
      customerEmail: order.email,
      returnUrls: order.returnUrls,
      // Stripe keeps even a failed answer under its key: a claim made again after a failure
      // (the key released) asks Stripe under a new one, while an open claim asks the same.
      attempt: String(claim.claimedAt.getTime()),
    })
    // Stripe replays a session's first answer; one without a page is being paid already.
    if (!session.url) throw new AppError('CHECKOUT_IN_PROGRESS')
    return { checkoutUrl: session.url, replayed: claim.state === 'open' }
  } catch (error) {
    if (claim.state === 'new') await releaseKey(db, order.userId, order.key)
    throw error
  }
}

/**
 * Claims the key (`new`), or finds it claimed for the same purchase: still
 * open (`open`, the customer has not paid yet, so Stripe's same session is
 * answered again) or paid (its subscription).
 */
type Claim = { state: 'new' | 'open'; claimedAt: Date }

async function claimStripeKey(
  db: Db,
  userId: string,
  key: string,
  requestHash: string,
  now: Date,
): Promise<Claim | SubscriptionRow> {
  const claim = await claimKey(db, userId, key, requestHash, now)
  if (claim.state === 'claimed') return { state: 'new', claimedAt: now }
  return claim.subscription ?? { state: 'open', claimedAt: claim.held.createdAt }
}
