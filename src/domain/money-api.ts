import { z } from '@/lib/zod'
import { COMMISSION_STATES } from './commissions'

/**
 * Money on the server beyond checkout (DESIGN.md §8): an employee's referrals,
 * and the admin's refunds and payouts. Shared by the server, which validates
 * and serializes with these schemas, and the app, which reads them.
 */

export const MONEY_PATHS = {
  referrals: '/api/referrals',
  refund: '/api/admin/subscriptions/:id/refund',
  payouts: '/api/admin/payouts',
  payoutCsv: '/api/admin/payouts/:id.csv',
} as const

export const refundPath = (subscriptionId: string) =>
  `/api/admin/subscriptions/${encodeURIComponent(subscriptionId)}/refund`
export const payoutCsvPath = (payoutId: string) =>
  `/api/admin/payouts/${encodeURIComponent(payoutId)}.csv`

const iso = z.iso.datetime({ offset: true })

/** One commission as its employee sees it: never the customer's name or e-mail. */
export const commissionLineSchema = z.object({
  id: z.uuid(),
  createdAt: iso,
  plan: z.string(),
  saleCents: z.number().int(),
  commissionCents: z.number().int(),
  state: z.enum(COMMISSION_STATES),
  earnedCents: z.number().int(),
})

export const referralsResponseSchema = z.object({
  totalReferrals: z.number().int(),
  totalEarningsCents: z.number().int(),
  averageCents: z.number().int(),
  commissions: z.array(commissionLineSchema),
})
export type ReferralsAnswer = z.infer<typeof referralsResponseSchema>

export const refundResponseSchema = z.object({
  refund: z.object({
    id: z.uuid(),
    subscriptionId: z.uuid(),
    amountCents: z.number().int(),
    lettersWithdrawn: z.number().int(),
    createdAt: iso,
  }),
  commission: z.enum(['none', 'voided', 'adjusted']),
})
export type RefundAnswer = z.infer<typeof refundResponseSchema>

export const payoutResponseSchema = z.object({
  payoutId: z.uuid(),
  totalCents: z.number().int(),
  lines: z.array(
    z.object({
      employeeId: z.uuid(),
      fullName: z.string(),
      email: z.string(),
      couponCode: z.string().nullable(),
      commissions: z.number().int(),
      amountCents: z.number().int(),
    }),
  ),
})
export type PayoutAnswer = z.infer<typeof payoutResponseSchema>

export const PAYOUT_LIST_LIMIT_DEFAULT = 20
export const PAYOUT_LIST_LIMIT_MAX = 100

/** `GET /api/admin/payouts`: how many of the most recent payouts to answer. */
export const payoutListQuerySchema = z.strictObject({
  limit: z.coerce
    .number()
    .int()
    .min(1, `limit must be from 1 to ${PAYOUT_LIST_LIMIT_MAX}`)
    .max(PAYOUT_LIST_LIMIT_MAX, `limit must be from 1 to ${PAYOUT_LIST_LIMIT_MAX}`)
    .default(PAYOUT_LIST_LIMIT_DEFAULT),
})

/** An earlier payout, as the admin finds it again: when, how many paid, how much. */
export const payoutListItemSchema = z.object({
  payoutId: z.uuid(),
  createdAt: iso,
  employees: z.number().int(),
  commissions: z.number().int(),
  totalCents: z.number().int(),
})
export type PayoutListItem = z.infer<typeof payoutListItemSchema>

/** The most recent payouts first. */
export const payoutListResponseSchema = z.object({ payouts: z.array(payoutListItemSchema) })
export type PayoutListAnswer = z.infer<typeof payoutListResponseSchema>
