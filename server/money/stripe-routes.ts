import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { errorBodySchema } from '@/domain/api'
import {
  CHECKOUT_PATHS,
  checkoutAnswerSchema,
  checkoutRedirectSchema,
  hostedCheckoutRequestSchema,
  IDEMPOTENCY_HEADER,
} from '@/domain/checkout'
import { AppError } from '@/domain/errors'
import { stripeReturnPath } from '@/domain/stripe-return'
import { z } from '@/lib/zod'
import { requireSession } from '../auth/require-session'
import type { Db } from '../db/database'
import { type SyncSignal, tellToPull } from '../sync/signal'
import { refusals, requireIdempotencyKey, toApiSubscription } from './checkout-http'
import { startStripeCheckout } from './stripe-checkout'
import type { ReturnUrls, StripeGateway } from './stripe-gateway'
import { handleStripeEvent } from './stripe-webhook'

export type StripeRoutesDeps = {
  db: Db
  clock: () => Date
  gateway: StripeGateway
  /** Tells the buyer's and the employee's devices to pull a purchase the webhook wrote. */
  signal: SyncSignal
  /** The origin browsers use (PUBLIC_ORIGIN); else the request's own. */
  publicOrigin?: string | undefined
  /** Called once a purchase the webhook wrote has committed: sends the mails it owes. */
  afterPurchase?: () => void
}

const SIGNATURE_HEADER = 'stripe-signature'

/**
 * What the webhook reads of any event. A body can carry a valid signature and
 * still not be one of Stripe's events (a test made with the secret, a tool);
 * it is refused like a bad signature instead of failing on a missing id.
 */
const stripeEventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().max(255),
  data: z.object({ object: z.unknown() }),
})

/**
 * Where Stripe sends the customer back: the Subscription tab, flagged with how
 * they left Stripe's page, so the app can wait for the payment or say that
 * nothing was charged.
 */
function returnUrlsFor(request: FastifyRequest, publicOrigin: string | undefined): ReturnUrls {
  const origin = publicOrigin ?? `${request.protocol}://${request.host}`
  return {
    paid: `${origin}${stripeReturnPath('stripe-return')}`,
    cancelled: `${origin}${stripeReturnPath('stripe-cancel')}`,
  }
}

/**
 * `POST /api/checkout` and `POST /api/stripe/webhook` with the Stripe gateway
 * (decision 026): the checkout answers Stripe's page for the purchase, and the
 * webhook writes the purchase when Stripe reports it paid.
 */
export function registerStripeCheckout(parent: FastifyInstance, deps: StripeRoutesDeps) {
  parent.withTypeProvider<ZodTypeProvider>().post(
    CHECKOUT_PATHS.checkout,
    {
      schema: {
        tags: ['money'],
        description:
          "With the Stripe gateway: Stripe's Checkout page for the purchase (201, or 200 for a key already used); once Stripe reports it paid, the key answers the purchase (200).",
        headers: z.object({ [IDEMPOTENCY_HEADER]: z.string().optional() }),
        body: hostedCheckoutRequestSchema,
        response: { 200: checkoutAnswerSchema, 201: checkoutRedirectSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(deps, request, reply)
      const result = await startStripeCheckout(deps, {
        userId: user.id,
        email: user.email,
        role: user.role,
        key: requireIdempotencyKey(request.headers[IDEMPOTENCY_HEADER]),
        request: request.body,
        returnUrls: returnUrlsFor(request, deps.publicOrigin),
      })
      if ('subscription' in result) {
        return reply.status(200).send({ subscription: toApiSubscription(result.subscription) })
      }
      return reply.status(result.replayed ? 200 : 201).send({ checkoutUrl: result.checkoutUrl })
    },
  )
  void parent.register((scope, _options, done) => {
    registerWebhook(scope, deps)
    done()
  })
}

/**
 * Stripe's signed events. The signature is an HMAC of the bytes Stripe sent,
 * so this route's plugin keeps the body as a Buffer instead of parsing it. It
 * needs no session (Stripe has none) and passes the origin check (Stripe sends
 * no `Origin`): the signature is its credential. A body that is not Stripe's
 * is refused with 400, never a 500, and writes nothing.
 */
function registerWebhook(scope: FastifyInstance, deps: StripeRoutesDeps) {
  scope.removeAllContentTypeParsers()
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  )
  scope.withTypeProvider<ZodTypeProvider>().post(
    CHECKOUT_PATHS.stripeWebhook,
    {
      schema: {
        tags: ['money'],
        description:
          "Stripe's events, verified with STRIPE_WEBHOOK_SECRET; a paid checkout.session.completed writes its purchase once per event id, other events are acknowledged and ignored. Served only when PAYMENT_GATEWAY is stripe.",
        headers: z.object({ [SIGNATURE_HEADER]: z.string().optional() }),
        response: { 200: z.object({ received: z.literal(true) }), 400: errorBodySchema },
      },
    },
    async (request) => {
      const signature = request.headers[SIGNATURE_HEADER]
      if (!signature?.trim()) {
        throw new AppError('INVALID_INPUT', 'A Stripe webhook needs its Stripe-Signature header.')
      }
      if (!Buffer.isBuffer(request.body)) {
        throw new AppError('INVALID_INPUT', 'A Stripe webhook needs the JSON body Stripe sent.')
      }
      let event
      try {
        event = deps.gateway.verifyEvent(request.body, signature, deps.clock())
      } catch {
        throw new AppError(
          'INVALID_INPUT',
          'The Stripe-Signature does not match this body and the webhook secret, or it is more than five minutes old.',
        )
      }
      const envelope = stripeEventSchema.safeParse(event)
      if (!envelope.success) {
        throw new AppError('INVALID_INPUT', 'A Stripe event needs its id, its type and its data.')
      }
      const result = await handleStripeEvent(deps, envelope.data)
      if (result.outcome === 'recorded') {
        await tellToPull(deps.signal, result.userIds, request.log)
        deps.afterPurchase?.()
      }
      // Stripe's ids are evt_ and letters, its types dotted lower-case words (checkout.session.completed);
      // anything else a signed body carries is not logged as-is.
      const loggedId = /^evt_\w{1,255}$/.test(event.id) ? event.id : 'not a Stripe event id'
      const loggedType = /^[a-z_]{1,60}(\.[a-z_]{1,60}){1,5}$/.test(event.type)
        ? event.type
        : 'not a Stripe event type'
      const seen = { stripeEvent: loggedId, type: loggedType, outcome: result.outcome }
      if (result.outcome === 'no-buyer') {
        request.log.error(seen, 'Stripe reports a payment by an account that no longer exists')
      } else if (result.outcome === 'recorded' && result.chargedCents !== result.priceCents) {
        request.log.warn(
          { ...seen, chargedCents: result.chargedCents, priceCents: result.priceCents },
          "Stripe charged another amount than the catalogue's price",
        )
      } else {
        request.log.info(seen, 'Stripe event')
      }
      return { received: true as const }
    },
  )
}
