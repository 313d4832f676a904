import { and, eq } from 'drizzle-orm'
import { priceWithCoupon } from '@/domain/money'
import { requirePlan } from '@/domain/plans'
import { z } from '@/lib/zod'
import type { Db } from '../db/database'
import { stripeEvents, subscriptions } from '../db/money-schema'
import { users } from '../db/schema'
import { findCouponOwner } from './coupons'
import { recordPurchase } from './purchase'
import { checkoutMetadataSchema, STRIPE_GATEWAY_ID } from './stripe-gateway'

export type StripeWebhookDeps = { db: Db; clock: () => Date }

/** A verified event as the SDK gives it; only a paid Checkout Session is read. */
export type StripeEventInput = { id: string; type: string; data: { object: unknown } }

/** What an event did: a purchase written, or why nothing was. */
export type StripeEventOutcome =
  | {
      outcome: 'recorded'
      /** Whose devices have something new to pull: the buyer, and the employee paid a commission. */
      userIds: Array<string | null>
      chargedCents: number | null
      priceCents: number
    }
  | { outcome: 'duplicate' | 'ignored' | 'unpaid' | 'not-ours' | 'no-buyer' }

/** A session is paid when it completes (cards), or later for payment methods that settle later. */
const PAID_SESSION_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
])

/** The fields of a Checkout Session this server reads. */
const sessionSchema = z.object({
  id: z.string(),
  payment_status: z.string(),
  payment_intent: z.string().nullable(),
  amount_total: z.number().int().nullable(),
  metadata: z.record(z.string(), z.string()).nullable(),
})

/**
 * Writes the purchase a paid Checkout Session reports (decision 026), in the
 * same one transaction as a test-gateway purchase (`recordPurchase`: the
 * subscription, its credits, the pending commission and the referral count),
 * with the event's id in `stripe_events` beside it: an event delivered again,
 * or twice at once, finds its id taken and writes nothing. The price is the
 * catalogue's, as when the session was made; the payment intent is the charge.
 */
export async function handleStripeEvent(
  { db, clock }: StripeWebhookDeps,
  event: StripeEventInput,
): Promise<StripeEventOutcome> {
  if (!PAID_SESSION_EVENTS.has(event.type)) return { outcome: 'ignored' }
  const session = sessionSchema.safeParse(event.data.object)
  if (!session.success) return { outcome: 'not-ours' }
  if (session.data.payment_status !== 'paid') return { outcome: 'unpaid' }
  const metadata = checkoutMetadataSchema.safeParse(session.data.metadata)
  const paymentIntent = session.data.payment_intent
  // A session made by something else on the same Stripe account.
  if (!metadata.success || !paymentIntent) return { outcome: 'not-ours' }

  const { userId, couponCode, idempotencyKey } = metadata.data
  const plan = requirePlan(metadata.data.plan)
  const coupon = couponCode === undefined ? null : await findCouponOwner(db, couponCode)
  const price = priceWithCoupon(plan.priceCents, couponCode !== undefined)
  const now = clock()
  return db.transaction(async (tx): Promise<StripeEventOutcome> => {
    const fresh = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id })
    if (fresh.length === 0) return { outcome: 'duplicate' }
    const [buyer] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId))
    if (!buyer) return { outcome: 'no-buyer' }
    // The same payment reported by a second event (completed, then async_payment_succeeded).
    const [earlier] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.gateway, STRIPE_GATEWAY_ID),
          eq(subscriptions.chargeId, paymentIntent),
        ),
      )
    if (earlier) return { outcome: 'duplicate' }
    const subscription = await recordPurchase(tx, {
      userId,
      key: idempotencyKey,
      plan,
      price,
      coupon,
      gateway: STRIPE_GATEWAY_ID,
      // Stripe's page took the card: the server never sees its brand or digits.
      charge: { chargeId: paymentIntent, cardBrand: null, cardLast4: null },
      now,
    })
    await tx
      .update(stripeEvents)
      .set({ subscriptionId: subscription.id })
      .where(eq(stripeEvents.id, event.id))
    return {
      outcome: 'recorded',
      userIds: [userId, subscription.employeeId],
      chargedCents: session.data.amount_total,
      priceCents: price.priceCents,
    }
  })
}
