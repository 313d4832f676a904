import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  CHECKOUT_PATHS,
  checkoutOptionsSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  couponResponseSchema,
  IDEMPOTENCY_HEADER,
} from '@/domain/checkout'
import { AppError } from '@/domain/errors'
import { COUPON_DISCOUNT_PERCENT } from '@/domain/money'
import { z } from '@/lib/zod'
import { requireSession } from '../auth/require-session'
import type { Db } from '../db/database'
import { type SyncSignal, tellToPull } from '../sync/signal'
import { checkout } from './checkout'
import { refusals, requireIdempotencyKey, toApiSubscription } from './checkout-http'
import { findCouponOwner } from './coupons'
import type { CardGateway, ServerGateway } from './gateway'
import { registerStripeCheckout } from './stripe-routes'

export type MoneyDeps = {
  db: Db
  clock: () => Date
  gateway: ServerGateway
  /** The origin browsers use (PUBLIC_ORIGIN), where Stripe sends the customer back; else the request's own. */
  publicOrigin?: string | undefined
  /** Tells the buyer's and the employee's devices to pull the purchase and the commission. */
  signal: SyncSignal
  /** Called once a purchase has committed: sends the mails it owes (decision 034). */
  afterPurchase?: () => void
  /** Coupon lookups a minute from one address: enough for typos, too few to walk the codes. */
  couponRateLimit?: number
}

/**
 * `POST /api/checkout`, `GET /api/checkout/options` and `GET /api/coupons/{code}`
 * (DESIGN.md §6, §8): the checkout charges a card with the test gateway, or
 * answers Stripe's page with the Stripe gateway, whose webhook is then served
 * too (decision 026).
 */
export function registerMoneyRoutes(parent: FastifyInstance, deps: MoneyDeps) {
  const { gateway } = deps
  if (gateway.kind === 'card') registerCardCheckout(parent, { ...deps, gateway })
  else registerStripeCheckout(parent, { ...deps, gateway })
  registerCheckoutOptions(parent, gateway)
  registerCouponLookup(parent, deps)
}

/** How long a browser or proxy may keep the options: the gateway changes only with a restart. */
const OPTIONS_MAX_AGE_SECONDS = 60

/**
 * Which gateway takes the money, so the app's Payment step asks for a card
 * only when the server checks one. Anyone may ask: it names the gateway and
 * nothing of its configuration.
 */
function registerCheckoutOptions(parent: FastifyInstance, gateway: ServerGateway) {
  const options = { gateway: gateway.kind === 'stripe' ? 'stripe' : 'test' } as const
  parent.withTypeProvider<ZodTypeProvider>().get(
    CHECKOUT_PATHS.options,
    {
      schema: {
        tags: ['money'],
        description:
          "How this server takes payment: `test` checks the card sent with the checkout, `stripe` answers Stripe's page instead (no card).",
        response: { 200: checkoutOptionsSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', `public, max-age=${OPTIONS_MAX_AGE_SECONDS}`)
      return options
    },
  )
}

function registerCardCheckout(parent: FastifyInstance, deps: MoneyDeps & { gateway: CardGateway }) {
  const app = parent.withTypeProvider<ZodTypeProvider>()
  app.post(
    CHECKOUT_PATHS.checkout,
    {
      schema: {
        tags: ['money'],
        headers: z.object({ [IDEMPOTENCY_HEADER]: z.string().optional() }),
        body: checkoutRequestSchema,
        response: { 200: checkoutResponseSchema, 201: checkoutResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(deps, request, reply)
      const key = requireIdempotencyKey(request.headers[IDEMPOTENCY_HEADER])
      const result = await checkout(deps, {
        userId: user.id,
        role: user.role,
        key,
        request: request.body,
      })
      if (!result.replayed) {
        await tellToPull(deps.signal, [user.id, result.subscription.employeeId], request.log)
        deps.afterPurchase?.()
      }
      const status = result.replayed ? 200 : 201
      return reply.status(status).send({ subscription: toApiSubscription(result.subscription) })
    },
  )
}

function registerCouponLookup(parent: FastifyInstance, deps: MoneyDeps) {
  const app = parent.withTypeProvider<ZodTypeProvider>()
  app.get(
    CHECKOUT_PATHS.coupon,
    {
      config: { rateLimit: { max: deps.couponRateLimit ?? 30, timeWindow: 60_000 } },
      schema: {
        tags: ['money'],
        params: z.object({ code: z.string().max(40) }),
        response: { 200: couponResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      await requireSession(deps, request, reply)
      const owner = await findCouponOwner(deps.db, request.params.code)
      if (!owner) throw new AppError('INVALID_COUPON')
      return { code: owner.code, discountPercent: COUPON_DISCOUNT_PERCENT }
    },
  )
}
