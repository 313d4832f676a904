import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  CHECKOUT_PATHS,
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
  /** Coupon lookups a minute from one address: enough for typos, too few to walk the codes. */
  couponRateLimit?: number
}

/**
 * `POST /api/checkout` and `GET /api/coupons/{code}` (DESIGN.md §6, §8): the
 * checkout charges a card with the test gateway, or answers Stripe's page
 * with the Stripe gateway, whose webhook is then served too (decision 026).
 */
export function registerMoneyRoutes(parent: FastifyInstance, deps: MoneyDeps) {
  const { gateway } = deps
  if (gateway.kind === 'card') registerCardCheckout(parent, { ...deps, gateway })
  else registerStripeCheckout(parent, { ...deps, gateway })
  registerCouponLookup(parent, deps)
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
