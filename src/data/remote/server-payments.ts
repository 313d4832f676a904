import {
  type ApiSubscription,
  CHECKOUT_PATHS,
  checkoutAnswerSchema,
  couponPath,
  couponResponseSchema,
  IDEMPOTENCY_HEADER,
} from '@/domain/checkout'
import { normalizeCouponCode } from '@/domain/coupon-code'
import { AppError } from '@/domain/errors'
import type { Subscription } from '@/domain/types'
import type { PaymentsRepository } from '../repository'
import { ApiError, type RequestOptions } from './api-client'
import type { ServerContext } from './server-context'
import { asSignedIn } from './signed-in'

const OFFLINE = { offline: 'CHECKOUT_NEEDS_CONNECTION' } as const satisfies RequestOptions

/** The server's purchase as the device keeps it, so this device counts its letters at once. */
function localSubscription(
  row: ApiSubscription,
  userId: string,
  idempotencyKey: string,
): Subscription {
  return {
    id: row.id,
    userId,
    plan: row.plan,
    priceCents: row.priceCents,
    discountCents: row.discountCents,
    discountPercent: row.discountPercent,
    ...(row.couponCode === null ? {} : { couponCode: row.couponCode }),
    letters: row.letters,
    lettersUsed: 0,
    expiresAt: row.expiresAt,
    idempotencyKey,
    ...(row.cardBrand === null ? {} : { cardBrand: row.cardBrand }),
    ...(row.cardLast4 === null ? {} : { cardLast4: row.cardLast4 }),
    createdAt: row.createdAt,
    updatedAt: row.createdAt,
  }
}

/**
 * With the Stripe gateway the server answers Stripe's page instead of a
 * purchase (decision 026): the browser goes there, and the purchase reaches
 * this device by sync once Stripe reports it paid. The page is leaving, so
 * the payment never settles here and the Pay button stays busy until it has.
 */
function leaveForStripe(checkoutUrl: string): Promise<never> {
  window.location.assign(checkoutUrl)
  return new Promise<never>(() => {})
}

/**
 * Checkout through the Letterhead server (DESIGN.md §8): the server checks
 * the coupon, charges the card and writes the purchase; this device only asks,
 * and keeps the server's answer. Offline, nothing is sent and nothing written.
 */
export function createServerPayments(context: ServerContext): PaymentsRepository {
  const { db, client } = context

  return {
    findCoupon: (typed) =>
      asSignedIn(context, async () => {
        if (normalizeCouponCode(typed) === '') throw new AppError('COUPON_REQUIRED')
        try {
          const { code } = await client.json(couponPath(typed.trim()), couponResponseSchema, {
            offline: 'CHECKOUT_NEEDS_CONNECTION',
          })
          return code
        } catch (error) {
          if (error instanceof ApiError && error.code === 'INVALID_COUPON') return null
          throw error
        }
      }),

    pay: ({ plan, couponCode, card, idempotencyKey }) =>
      asSignedIn(context, async (userId) => {
        const answer = await client.json(CHECKOUT_PATHS.checkout, checkoutAnswerSchema, {
          method: 'POST',
          body: { plan, ...(couponCode === undefined ? {} : { couponCode }), card },
          headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
          ...OFFLINE,
        })
        if ('checkoutUrl' in answer) return leaveForStripe(answer.checkoutUrl)
        const { subscription } = answer
        const local = localSubscription(subscription, userId, idempotencyKey)
        await db.subscriptions.put(local)
        return {
          subscription: local,
          amountCents: subscription.priceCents,
          cardBrand: subscription.cardBrand ?? 'Card',
          cardLast4: subscription.cardLast4 ?? '',
        }
      }),
  }
}
