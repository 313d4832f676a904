import { AppError } from '@/domain/errors'
import { requirePlan } from '@/domain/plans'
import { priceWithCoupon } from '@/domain/money'
import type {
  PaymentsRepository,
  ReferralsRepository,
  SubscriptionsRepository,
} from '../repository'

type Parts = { subscriptions: SubscriptionsRepository; referrals: ReferralsRepository }

/**
 * Checkout in device-only mode: the gateway on this device charges, then the
 * purchase is written here under the same attempt key.
 */
export function createDevicePayments({ subscriptions, referrals }: Parts): PaymentsRepository {
  return {
    async findCoupon(typed) {
      return (await referrals.findEmployeeByCouponCode(typed))?.couponCode ?? null
    },

    options: () => Promise.resolve({ gateway: 'test' }),

    // Stripe takes payment only through the Letterhead server; this device never offers it.
    startStripeCheckout: () =>
      Promise.reject(
        new AppError('PAYMENT_FAILED', 'Stripe is only offered by the Letterhead server.'),
      ),

    async pay({ plan: planId, couponCode, card, idempotencyKey, gateway }) {
      const plan = requirePlan(planId)
      const price = priceWithCoupon(plan.priceCents, couponCode !== undefined)
      const charge = await gateway.charge({
        amountCents: price.priceCents,
        currency: 'USD',
        card,
        idempotencyKey,
        description: `Letterhead ${plan.name}`,
      })
      const subscription = await subscriptions.create({
        plan: plan.id,
        ...(couponCode === undefined ? {} : { couponCode }),
        idempotencyKey,
        payment: {
          chargeId: charge.chargeId,
          cardBrand: charge.cardBrand,
          cardLast4: charge.cardLast4,
        },
      })
      return {
        subscription,
        amountCents: charge.amountCents,
        cardBrand: charge.cardBrand,
        cardLast4: charge.cardLast4,
      }
    },
  }
}
