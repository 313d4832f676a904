import Stripe from 'stripe'
import { AppError } from '@/domain/errors'
import { PLAN_IDS } from '@/domain/plans'
import { z } from '@/lib/zod'
import type { PaymentSettings } from '../config'
import type { Refunds } from './gateway'

export const STRIPE_GATEWAY_ID = 'stripe'

/** A checkout Stripe's page is to take: the server's price and who, what and under which key. */
export type HostedCheckout = {
  amountCents: number
  /** The line item's name on Stripe's page and the statement, e.g. `Letterhead Annual 4 Letters`. */
  description: string
  metadata: CheckoutMetadata
  customerEmail: string
  /** Where Stripe sends the customer back: after paying, or having cancelled on its page. */
  returnUrls: ReturnUrls
  /** Which claim of the checkout's key this is: part of the key Stripe is asked under. */
  attempt: string
}

export type ReturnUrls = { paid: string; cancelled: string }

/**
 * What a session carries to its webhook: the buyer, the plan, the coupon as
 * stored, and the checkout's key. Stripe keeps metadata as strings.
 */
export const checkoutMetadataSchema = z.object({
  userId: z.uuid(),
  plan: z.enum(PLAN_IDS),
  couponCode: z.string().min(1).optional(),
  idempotencyKey: z.string().min(1),
})
export type CheckoutMetadata = z.infer<typeof checkoutMetadataSchema>

export type StripeGateway = Refunds & {
  readonly kind: 'stripe'
  readonly id: typeof STRIPE_GATEWAY_ID
  /** A Checkout Session for the purchase, once per key: asked again, Stripe answers the same session. */
  startCheckout(checkout: HostedCheckout): Promise<{ sessionId: string; url: string | null }>
  /**
   * The event a webhook delivered, when its `Stripe-Signature` is the webhook
   * secret's HMAC of these exact bytes, made within five minutes of `receivedAt`;
   * throws otherwise.
   */
  verifyEvent(payload: Buffer, signature: string, receivedAt: Date): Stripe.Event
}

/** Stripe's SDK for the settings' key, pointed at STRIPE_API_BASE when one is given. */
function stripeClient({ secretKey, apiBase }: StripeSettings): Stripe {
  if (!apiBase) return new Stripe(secretKey)
  const base = new URL(apiBase)
  const protocol = base.protocol === 'http:' ? 'http' : 'https'
  return new Stripe(secretKey, {
    host: base.hostname,
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
  })
}

type StripeSettings = Extract<PaymentSettings, { gateway: 'stripe' }>

/**
 * Stripe not answering, failing on its side, limiting us or refusing our key
 * is nothing the customer did: a 502 that says nothing was charged, with the
 * cause in the server's log (the error is kept as the cause), never a 500.
 */
function unavailableOr(error: unknown): unknown {
  const outage =
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError
  if (!outage) return error
  return Object.assign(new AppError('PAYMENT_PROVIDER_UNAVAILABLE'), { cause: error })
}

/** The Stripe gateway (decision 026): Checkout Sessions, signed webhooks, refunds. */
export function createStripeGateway(settings: StripeSettings): StripeGateway {
  const stripe = stripeClient(settings)
  return {
    kind: 'stripe',
    id: STRIPE_GATEWAY_ID,

    async startCheckout({
      amountCents,
      description,
      metadata,
      customerEmail,
      returnUrls,
      attempt,
    }) {
      const fields = Object.fromEntries(
        Object.entries(metadata).filter(([, value]) => value !== undefined),
      ) as Record<string, string>
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: 'usd',
                  unit_amount: amountCents,
                  product_data: { name: description },
                },
              },
            ],
            client_reference_id: metadata.userId,
            customer_email: customerEmail,
            metadata: fields,
            payment_intent_data: { metadata: fields, description },
            success_url: returnUrls.paid,
            cancel_url: returnUrls.cancelled,
          },
          {
            idempotencyKey: `checkout:${metadata.userId}:${metadata.idempotencyKey}:${attempt}`,
          },
        )
        return { sessionId: session.id, url: session.url }
      } catch (error) {
        // The same key sent to Stripe with other parameters: another purchase under one key.
        if (error instanceof Stripe.errors.StripeIdempotencyError) {
          throw new AppError('IDEMPOTENCY_CONFLICT')
        }
        // The same key at Stripe while its first request is still being answered.
        if (error instanceof Stripe.errors.StripeError && error.code === 'idempotency_key_in_use') {
          throw new AppError('CHECKOUT_IN_PROGRESS')
        }
        throw unavailableOr(error)
      }
    },

    async refund({ chargeId, amountCents, idempotencyKey }) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: chargeId, amount: amountCents },
          { idempotencyKey },
        )
        return { refundId: refund.id }
      } catch (error) {
        throw unavailableOr(error)
      }
    },

    verifyEvent(payload, signature, receivedAt) {
      return stripe.webhooks.constructEvent(
        payload,
        signature,
        settings.webhookSecret,
        undefined,
        undefined,
        receivedAt.getTime(),
      )
    },
  }
}
