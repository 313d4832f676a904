import { z } from '@/lib/zod'
import { LETTER_STATUSES, ROLES } from './types'

/**
 * The admin's read side on the Letterhead server (DESIGN.md §6, decision 024):
 * totals, keyset pages of each table and the same tables as CSV. Read from
 * SQL on demand, never synced to the admin's device. Admins only: no session
 * is 401, any other role 403.
 */

export const ADMIN_TABLES = [
  'users',
  'employees',
  'letters',
  'subscriptions',
  'messages',
  'errors',
] as const
export type AdminTable = (typeof ADMIN_TABLES)[number]

export const ADMIN_PATHS = { stats: '/api/admin/stats' } as const

/** `GET` a keyset page of one table. */
export const adminTablePath = (table: AdminTable) => `/api/admin/${table}` as const
/** `GET` the whole table (filtered, not paged) as CSV. */
export const adminCsvPath = (table: AdminTable) => `/api/admin/${table}.csv` as const

export const ADMIN_PAGE_LIMIT_DEFAULT = 50
export const ADMIN_PAGE_LIMIT_MAX = 100
export const ADMIN_SEARCH_MAX = 200
/** A cursor is a few dozen characters; anything much longer is not one of ours. */
export const ADMIN_CURSOR_MAX = 200

/**
 * A day (`2026-11-25`, the whole UTC day) or an instant with its offset
 * (`2026-11-25T09:00:00Z`); `from` and `to` both include what they name.
 */
const dateOrInstant = z.union([z.iso.date(), z.iso.datetime({ offset: true })])

/** What both a page and a CSV may be filtered by. */
const filters = {
  /** Case-insensitive substring of the table's searched columns; blank matches every row. */
  q: z
    .string()
    .max(ADMIN_SEARCH_MAX, `q must be at most ${ADMIN_SEARCH_MAX} characters`)
    .refine((q) => !q.includes('\u0000'), 'q may not contain the character U+0000 (NUL).')
    .optional(),
  from: dateOrInstant.optional(),
  to: dateOrInstant.optional(),
}

export const adminPageQuerySchema = z.strictObject({
  limit: z.coerce
    .number()
    .int()
    .min(1, `limit must be from 1 to ${ADMIN_PAGE_LIMIT_MAX}`)
    .max(ADMIN_PAGE_LIMIT_MAX, `limit must be from 1 to ${ADMIN_PAGE_LIMIT_MAX}`)
    .default(ADMIN_PAGE_LIMIT_DEFAULT),
  /** The `cursor` the previous page answered; absent for the first page. */
  cursor: z.string().max(ADMIN_CURSOR_MAX).optional(),
  ...filters,
})
export type AdminPageQuery = z.input<typeof adminPageQuerySchema>

export const adminCsvQuerySchema = z.strictObject(filters)
export type AdminCsvQuery = z.input<typeof adminCsvQuerySchema>

const iso = z.iso.datetime({ offset: true })
const count = z.number().int().nonnegative()
const cents = z.number().int()

/** The stat cards' figures and the rest of the totals, kept as rows are written. */
export const adminStatsSchema = z.object({
  /** Accounts of role `user` (customers). */
  users: count,
  employees: count,
  /** Letters, tombstones left out. */
  letters: count,
  subscriptions: count,
  /** The sum of every purchase's price paid (Total Revenue), before refunds. */
  revenueCents: cents,
  /** What coupons took off those purchases. */
  discountsCents: cents,
  /** Commissions recorded on sales, and their amounts, before any refund voided one. */
  commissions: count,
  commissionsCents: cents,
  /** Purchases refunded, and the money that went back; Total Revenue less it is what was kept. */
  refunds: count,
  refundedCents: cents,
  messages: count,
  errors: count,
})
export type AdminStats = z.infer<typeof adminStatsSchema>

const person = {
  id: z.uuid(),
  fullName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  createdAt: iso,
}

export const adminUserRowSchema = z.object({ ...person, letterCount: count })
export type AdminUserRow = z.infer<typeof adminUserRowSchema>

export const adminEmployeeRowSchema = z.object({
  ...person,
  couponCode: z.string().nullable(),
  referrals: count,
  /** What their commissions earned, leaving out those a refund voided or took back. */
  earningsCents: cents,
})
export type AdminEmployeeRow = z.infer<typeof adminEmployeeRowSchema>

/** A letter without its text, nor its addresses. */
export const adminLetterRowSchema = z.object({
  id: z.uuid(),
  type: z.string(),
  matter: z.string(),
  senderName: z.string(),
  recipientName: z.string(),
  status: z.enum(LETTER_STATUSES),
  ownerName: z.string(),
  ownerEmail: z.string(),
  createdAt: iso,
})
export type AdminLetterRow = z.infer<typeof adminLetterRowSchema>

/** A purchase without any card detail. */
export const adminSubscriptionRowSchema = z.object({
  id: z.uuid(),
  customerName: z.string(),
  customerEmail: z.string(),
  plan: z.string(),
  priceCents: cents,
  discountCents: cents,
  discountPercent: z.number().int(),
  couponCode: z.string().nullable(),
  createdAt: iso,
  /** When an admin refunded it; null while it stands. */
  refundedAt: iso.nullable(),
})
export type AdminSubscriptionRow = z.infer<typeof adminSubscriptionRowSchema>

export const adminMessageRowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: iso,
})
export type AdminMessageRow = z.infer<typeof adminMessageRowSchema>

export const adminErrorRowSchema = z.object({
  id: z.uuid(),
  message: z.string(),
  stack: z.string(),
  route: z.string(),
  userAgent: z.string(),
  /** Who was signed in when it was sent; null when nobody was, or the account is gone. */
  userEmail: z.string().nullable(),
  createdAt: iso,
})
export type AdminErrorRow = z.infer<typeof adminErrorRowSchema>

export const ADMIN_ROW_SCHEMAS = {
  users: adminUserRowSchema,
  employees: adminEmployeeRowSchema,
  letters: adminLetterRowSchema,
  subscriptions: adminSubscriptionRowSchema,
  messages: adminMessageRowSchema,
  errors: adminErrorRowSchema,
} as const satisfies Record<AdminTable, z.ZodType>

export type AdminRow<T extends AdminTable> = z.infer<(typeof ADMIN_ROW_SCHEMAS)[T]>

/** A page, newest first; `cursor` asks for the next one and is null after the last. */
export const adminPageSchema = <Row extends z.ZodType>(row: Row) =>
  z.object({ rows: z.array(row), cursor: z.string().nullable() })
export type AdminPage<T extends AdminTable> = { rows: AdminRow<T>[]; cursor: string | null }
