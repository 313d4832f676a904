import {
  ADMIN_PATHS,
  ADMIN_ROW_SCHEMAS,
  type AdminPageQuery,
  adminPageQuerySchema,
  adminPageSchema,
  type AdminRow,
  adminStatsSchema,
  type AdminTable,
  adminTablePath,
} from '@/domain/admin-api'
import { AI_PATHS, aiUsageQuerySchema, aiUsageReportSchema } from '@/domain/ai-api'
import { AppError } from '@/domain/errors'
import {
  MONEY_PATHS,
  payoutListResponseSchema,
  payoutResponseSchema,
  refundPath,
  refundResponseSchema,
} from '@/domain/money-api'
import { z } from '@/lib/zod'
import { parseOrThrow } from '@/domain/validate'
import { queryString } from '../admin-links'
import type { AdminRows, AdminTab, ServerAdminRepository } from '../admin-repository'
import { ApiError, type RequestOptions } from './api-client'
import type { ServerContext } from './server-context'
import { asSignedIn } from './signed-in'

/** Each table's row schema, typed per table so a page's rows keep their table's type. */
const ROW_SCHEMAS: { [T in AdminTable]: z.ZodType<AdminRow<T>> } = ADMIN_ROW_SCHEMAS

const OFFLINE = { offline: 'ADMIN_NEEDS_CONNECTION' } as const satisfies RequestOptions
const POST = { ...OFFLINE, method: 'POST' } as const satisfies RequestOptions
const subscriptionIdSchema = z.uuid('That purchase does not exist.')

/**
 * The server's rows as the dashboard's columns read them, the same in both
 * modes; what only the server has (an owner's name, a report's browser) is
 * left for the CSV.
 */
const AS_SHOWN: { [T in AdminTab]: (row: AdminRow<T>) => AdminRows[T] } = {
  users: ({ id, fullName, email, createdAt, letterCount }) => ({
    id,
    fullName,
    email,
    createdAt,
    letters: letterCount,
  }),
  employees: ({ id, fullName, email, couponCode, referrals, earningsCents, createdAt }) => ({
    id,
    fullName,
    email,
    couponCode: couponCode ?? '',
    referrals,
    earningsCents,
    createdAt,
  }),
  letters: ({ id, type, matter, senderName, recipientName, status, ownerEmail, createdAt }) => ({
    id,
    type,
    matter,
    senderName,
    recipientName,
    status,
    ownerEmail,
    createdAt,
  }),
  subscriptions: ({ customerEmail, customerName: _name, ...row }) => ({
    ...row,
    buyerEmail: customerEmail,
  }),
  messages: (row) => row,
  errors: ({ id, message, stack, route, createdAt }) => ({ id, message, stack, route, createdAt }),
}

/**
 * The admin's view in server mode: totals and keyset pages read from the
 * server on demand, never kept on the device (DESIGN.md §8, decision 027),
 * and the admin's refunds and payouts, written there. No session on the
 * server ends it here too; a session that is not an admin's is refused with
 * words that say so.
 */
export function createServerAdmin(context: ServerContext): ServerAdminRepository {
  const { client } = context
  const asAdmin = <T>(call: () => Promise<T>) =>
    asSignedIn(context, async () => {
      try {
        return await call()
      } catch (error) {
        if (error instanceof ApiError && error.status === 403) throw new AppError('ADMIN_ONLY')
        throw error
      }
    })

  return {
    source: () => Promise.resolve('server'),

    stats: () => asAdmin(() => client.json(ADMIN_PATHS.stats, adminStatsSchema, OFFLINE)),

    page: <T extends AdminTable>(table: T, query: AdminPageQuery) =>
      asAdmin(async () => {
        const { limit, cursor, q, from, to } = parseOrThrow(adminPageQuerySchema, query)
        const path = `${adminTablePath(table)}${queryString({ limit, cursor, q, from, to })}`
        const page = await client.json(path, adminPageSchema(ROW_SCHEMAS[table]), OFFLINE)
        const shown: (row: AdminRow<T>) => AdminRows[T] = AS_SHOWN[table]
        return { rows: page.rows.map(shown), cursor: page.cursor }
      }),

    refund: (subscriptionId) =>
      asAdmin(() => {
        const id = parseOrThrow(subscriptionIdSchema, subscriptionId)
        return client.json(refundPath(id), refundResponseSchema, POST)
      }),

    recordPayout: () => asAdmin(() => client.json(MONEY_PATHS.payouts, payoutResponseSchema, POST)),

    listPayouts: () =>
      asAdmin(async () => {
        const answer = await client.json(MONEY_PATHS.payouts, payoutListResponseSchema, OFFLINE)
        return answer.payouts
      }),

    aiUsage: (days) =>
      asAdmin(() => {
        const query = parseOrThrow(aiUsageQuerySchema, { days })
        const path = `${AI_PATHS.adminUsage}${queryString(query)}`
        return client.json(path, aiUsageReportSchema, OFFLINE)
      }),
  }
}
