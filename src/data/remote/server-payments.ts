import {
  type ApiSubscription,
  CHECKOUT_PATHS,
  type CheckoutAnswer,
  type CheckoutOptions,
  checkoutAnswerSchema,
  checkoutOptionsSchema,
  couponPath,
  couponResponseSchema,
  IDEMPOTENCY_HEADER,
} from '@/domain/checkout'
import { normalizeCouponCode } from '@/domain/coupon-code'
import { AppError } from '@/domain/errors'
import type { Subscription } from '@/domain/types'
import type { CardDetails } from '@/domain/payment/payment-gateway'
import type { PaidOrder, PaymentsRepository, StripeOrder } from '../repository'
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
 * The server answered Stripe's page to an order with a card: its gateway
 * became Stripe after this app asked (a restart with PAYMENT_GATEWAY=stripe).
 * The card went nowhere and the page is not followed, since the customer
 * never saw why: a reload shows the Payment step as Stripe wants it.
 */
const MOVED_TO_STRIPE =
  "Payment now happens on Stripe's secure page, and nothing was charged. Reload the page and press Pay again."

/**
 * Checkout through the Letterhead server (DESIGN.md §8): the server checks
 * the coupon, charges the card or answers Stripe's page, and writes the
 * purchase; this device only asks, and keeps the server's answer. Offline,
 * nothing is sent and nothing written.
 */
export function createServerPayments(context: ServerContext): PaymentsRepository {
  const { db, client } = context
  // The gateway changes only with a restart of the server: asked once while the app runs.
  let options: Promise<CheckoutOptions> | undefined

  const checkout = (order: StripeOrder & { card?: CardDetails }): Promise<CheckoutAnswer> => {
    const { plan, couponCode, card, idempotencyKey } = order
    return client.json(CHECKOUT_PATHS.checkout, checkoutAnswerSchema, {
      method: 'POST',
      body: {
        plan,
        ...(couponCode === undefined ? {} : { couponCode }),
        ...(card === undefined ? {} : { card }),
      },
      headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      ...OFFLINE,
    })
  }

  /** The server's purchase, kept on this device so it counts the letters at once. */
  const keep = async (
    { subscription }: { subscription: ApiSubscription },
    userId: string,
    idempotencyKey: string,
  ): Promise<PaidOrder> => {
    const local = localSubscription(subscription, userId, idempotencyKey)
    await db.subscriptions.put(local)
    return {
      subscription: local,
      amountCents: subscription.priceCents,
      cardBrand: subscription.cardBrand ?? 'Card',
      cardLast4: subscription.cardLast4 ?? '',
    }
  }

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

    options: () =>
      (options ??= client
        .json(CHECKOUT_PATHS.options, checkoutOptionsSchema, OFFLINE)
        .catch((error: unknown) => {
          // Offline or unanswered: asked again next time.
          options = undefined
          throw error
        })),

    pay: (order) =>
      asSignedIn(context, async (userId) => {
        const answer = await checkout(order)
        if ('checkoutUrl' in answer) {
          options = undefined
          throw new AppError('PAYMENT_FAILED', MOVED_TO_STRIPE)
        }
        return keep(answer, userId, order.idempotencyKey)
      }),

    startStripeCheckout: (order) =>
      asSignedIn(context, async (userId) => {
        const answer = await checkout(order)
        return 'checkoutUrl' in answer ? answer : keep(answer, userId, order.idempotencyKey)
      }),
  }
}
