import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { errorBodySchema } from '@/domain/api'
import { AppError } from '@/domain/errors'
import { formatCents } from '@/domain/money'
import {
  MONEY_PATHS,
  payoutListQuerySchema,
  payoutListResponseSchema,
  payoutResponseSchema,
  referralsResponseSchema,
  refundResponseSchema,
} from '@/domain/money-api'
import { z } from '@/lib/zod'
import { requireAdmin, requireRole } from '../auth/require-session'
import { csvRecord } from '../admin/csv'
import type { Db } from '../db/database'
import { type SyncSignal, tellToPull } from '../sync/signal'
import type { ServerGateway } from './gateway'
import { listPayouts, payoutLines, recordPayout } from './payouts'
import { referralsOf } from './referrals'
import { refundPurchase } from './refunds'

export type MoneyOversightDeps = {
  db: Db
  clock: () => Date
  gateway: ServerGateway
  /** Tells buyers' and employees' devices to pull what a refund or a payout changed. */
  signal: SyncSignal
}

const refusals = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
}

/**
 * The employee's referrals (`GET /api/referrals`), and the admin's refunds and
 * payouts (decision 023), with the earlier payouts, to find their CSV again.
 * Admins only for all but the first: 401 without a session, 403 for everyone
 * else.
 */
export function registerMoneyOversightRoutes(parent: FastifyInstance, deps: MoneyOversightDeps) {
  const app = parent.withTypeProvider<ZodTypeProvider>()

  app.get(
    MONEY_PATHS.referrals,
    { schema: { tags: ['money'], response: { 200: referralsResponseSchema, ...refusals } } },
    async (request, reply) => {
      const employee = await requireRole(deps, request, reply, 'employee')
      const referrals = await referralsOf(deps.db, employee.id, deps.clock())
      return {
        ...referrals,
        commissions: referrals.commissions.map((line) => ({
          ...line,
          createdAt: line.createdAt.toISOString(),
        })),
      }
    },
  )

  app.post(
    MONEY_PATHS.refund,
    {
      schema: {
        tags: ['admin'],
        params: z.object({ id: z.uuid() }),
        response: { 200: refundResponseSchema, 201: refundResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(deps, request, reply)
      const outcome = await refundPurchase(deps, request.params.id, admin.id)
      const { refund } = outcome
      await tellToPull(deps.signal, outcome.changedFor, request.log)
      return reply.status(outcome.replayed ? 200 : 201).send({
        refund: {
          id: refund.id,
          subscriptionId: refund.subscriptionId,
          amountCents: refund.amountCents,
          lettersWithdrawn: refund.lettersWithdrawn,
          createdAt: refund.createdAt.toISOString(),
        },
        commission: outcome.commission,
      })
    },
  )

  app.post(
    MONEY_PATHS.payouts,
    { schema: { tags: ['admin'], response: { 201: payoutResponseSchema, ...refusals } } },
    async (request, reply) => {
      const admin = await requireAdmin(deps, request, reply)
      const { employeeIds, ...payout } = await recordPayout(deps.db, admin.id, deps.clock())
      await tellToPull(deps.signal, employeeIds, request.log)
      return reply.status(201).send(payout)
    },
  )

  app.get(
    MONEY_PATHS.payouts,
    {
      schema: {
        tags: ['admin'],
        querystring: payoutListQuerySchema,
        response: { 200: payoutListResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      await requireAdmin(deps, request, reply)
      const payouts = await listPayouts(deps.db, request.query.limit)
      return {
        payouts: payouts.map((payout) => ({
          ...payout,
          createdAt: payout.createdAt.toISOString(),
        })),
      }
    },
  )

  app.get(
    MONEY_PATHS.payoutCsv,
    { schema: { tags: ['admin'], params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      await requireAdmin(deps, request, reply)
      const lines = await payoutLines(deps.db, request.params.id)
      if (lines.length === 0) throw new AppError('NOT_FOUND')
      const header = csvRecord(['Employee', 'Email', 'Coupon Code', 'Commissions', 'Amount'])
      const rows = lines.map((line) =>
        csvRecord([
          line.fullName,
          line.email,
          line.couponCode ?? '',
          line.commissions,
          formatCents(line.amountCents),
        ]),
      )
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="payout-${request.params.id}.csv"`)
        .send(header + rows.join(''))
    },
  )
}
