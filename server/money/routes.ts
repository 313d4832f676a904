import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { errorBodySchema } from '@/domain/api'
import {
  type ApiSubscription,
  CHECKOUT_PATHS,
  checkoutRequestSchema,
  checkoutResponseSchema,
  couponResponseSchema,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
} from '@/domain/checkout'
import { AppError } from '@/domain/errors'
import { COUPON_DISCOUNT_PERCENT } from '@/domain/money'
import type { PaymentGateway } from '@/domain/payment/payment-gateway'
import { z } from '@/lib/zod'
import { requireSession } from '../auth/require-session'
import type { Db } from '../db/database'
import { type SyncSignal, tellToPull } from '../sync/signal'
import { checkout } from './checkout'
import { findCouponOwner } from './coupons'
import type { SubscriptionRow } from './purchase'

export type MoneyDeps = {
  db: Db
  clock: () => Date
  gateway: PaymentGateway
  /** Tells the buyer's and the employee's devices to pull the purchase and the commission. */
  signal: SyncSignal
  /** Coupon lookups a minute from one address: enough for typos, too few to walk the codes. */
  couponRateLimit?: number
}

const refusals = {
  400: errorBodySchema,
  401: errorBodySchema,
  402: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
}

const toApiSubscription = (row: SubscriptionRow): ApiSubscription => ({
  id: row.id,
  plan: row.plan,
  listCents: row.listCents,
  discountPercent: row.discountPercent,
  discountCents: row.discountCents,
  priceCents: row.priceCents,
  letters: row.letters,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  couponCode: row.couponCode,
  cardBrand: row.cardBrand,
  cardLast4: row.cardLast4,
  createdAt: row.createdAt.toISOString(),
})

/** `POST /api/checkout` and `GET /api/coupons/{code}` (DESIGN.md §6, §8). */
export function registerMoneyRoutes(parent: FastifyInstance, deps: MoneyDeps) {
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
      const key = request.headers[IDEMPOTENCY_HEADER]
      if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
        throw new AppError(
          'INVALID_INPUT',
          'A checkout needs an Idempotency-Key header: 8 to 100 letters, digits, - or _.',
        )
      }
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
