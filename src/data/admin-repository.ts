import type { AdminPageQuery, AdminStats } from '@/domain/admin-api'
import type { AiUsageReport } from '@/domain/ai-api'
import type { PayoutAnswer, PayoutListItem, RefundAnswer } from '@/domain/money-api'
import type { ContactMessage, ErrorReport, LetterStatus } from '@/domain/types'

export const ADMIN_TABS = [
  'users',
  'employees',
  'letters',
  'subscriptions',
  'messages',
  'errors',
] as const
export type AdminTab = (typeof ADMIN_TABS)[number]

export type SortDirection = 'asc' | 'desc'

export type AdminQuery = {
  /** 1-based; a page past the end reads the last page. */
  page: number
  pageSize: number
  sort: string
  direction: SortDirection
  /** Case-insensitive substring; empty matches every row. */
  search: string
}

export type AdminPage<Row> = { rows: Row[]; total: number }

export const ADMIN_PAGE_SIZE_MAX = 100
export const ADMIN_SEARCH_MAX = 200

/**
 * The columns each tab can sort by: only fields with an index, so a page is
 * read by walking that index instead of sorting every row. The first is the default.
 */
export const ADMIN_SORTS = {
  users: ['createdAt', 'fullName', 'email'],
  employees: ['createdAt', 'fullName', 'email', 'referrals', 'earningsCents'],
  letters: ['createdAt', 'matter', 'type', 'recipientName', 'status'],
  subscriptions: ['createdAt', 'plan', 'priceCents'],
  messages: ['createdAt', 'email', 'subject'],
  errors: ['createdAt', 'route'],
} as const satisfies Record<AdminTab, readonly string[]>

export type AdminSort<T extends AdminTab> = (typeof ADMIN_SORTS)[T][number]

export function isAdminSort<T extends AdminTab>(tab: T, sort: string): sort is AdminSort<T> {
  return (ADMIN_SORTS[tab] as readonly string[]).includes(sort)
}

/** How many pages `total` rows fill; an empty table still has one (empty) page. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize))
}

export type AdminTotals = {
  /** Accounts with role `user`. */
  users: number
  employees: number
  letters: number
  /** The sum of every subscription's price paid. */
  revenueCents: number
  /** Server mode: what refunds gave back (device-only mode has no refunds). */
  refundedCents?: number
}

export type AdminUserRow = {
  id: string
  fullName: string
  email: string
  createdAt: string
  letters: number
}

export type AdminEmployeeRow = {
  id: string
  fullName: string
  email: string
  couponCode: string
  referrals: number
  earningsCents: number
  createdAt: string
}

export type AdminLetterRow = {
  id: string
  type: string
  matter: string
  senderName: string
  recipientName: string
  status: LetterStatus
  createdAt: string
  /** The owner's email; null when the account is gone. */
  ownerEmail: string | null
}

export type AdminSubscriptionRow = {
  id: string
  plan: string
  priceCents: number
  discountCents: number
  discountPercent: number
  couponCode: string | null
  buyerEmail: string | null
  createdAt: string
  /** Server mode: when an admin refunded it, null while it stands; device-only mode has no refunds. */
  refundedAt?: string | null
}

export type AdminMessageRow = Pick<
  ContactMessage,
  'id' | 'name' | 'email' | 'subject' | 'message' | 'createdAt'
>
export type AdminErrorRow = Pick<ErrorReport, 'id' | 'message' | 'stack' | 'route' | 'createdAt'>

/** Each tab's row, the same in both modes, so both show the same columns. */
export type AdminRows = {
  users: AdminUserRow
  employees: AdminEmployeeRow
  letters: AdminLetterRow
  subscriptions: AdminSubscriptionRow
  messages: AdminMessageRow
  errors: AdminErrorRow
}

export type SeedDemoOptions = {
  users: number
  letters: number
  onProgress?: (progress: { done: number; total: number }) => void
}

export type SeedDemoResult = {
  users: number
  employees: number
  letters: number
  subscriptions: number
  commissions: number
}

type PageQuery<Row> = (query: AdminQuery) => Promise<AdminPage<Row>>

/** Read-only views for admins; every method refuses anyone else. */
export type AdminRepository = {
  totals(): Promise<AdminTotals>
  users: PageQuery<AdminUserRow>
  employees: PageQuery<AdminEmployeeRow>
  letters: PageQuery<AdminLetterRow>
  subscriptions: PageQuery<AdminSubscriptionRow>
  messages: PageQuery<AdminMessageRow>
  errors: PageQuery<AdminErrorRow>
  /** Fills the database with demo accounts and letters; development builds only offer it. */
  seedDemo(options: SeedDemoOptions): Promise<SeedDemoResult>
}

/** Where this load's admin dashboard reads: the Letterhead server (server mode) or this device. */
export type AdminSource = 'server' | 'device'

/** A keyset page, newest first; `cursor` asks for the next one and is null after the last. */
export type AdminKeysetPage<Row> = { rows: Row[]; cursor: string | null }

/**
 * The admin's view read from SQL on the Letterhead server, on demand and
 * never synced (DESIGN.md §8, decision 027), and the admin's two money
 * actions there. Device-only mode has no server: `source()` says `device`
 * there, and the dashboard reads `admin` instead.
 */
export type ServerAdminRepository = {
  source(): Promise<AdminSource>
  stats(): Promise<AdminStats>
  page<T extends AdminTab>(tab: T, query: AdminPageQuery): Promise<AdminKeysetPage<AdminRows[T]>>
  /**
   * Refunds a purchase in full: the money back to the card, its unused
   * letters withdrawn, its commission voided or taken back. Asked again, it
   * answers the first refund.
   */
  refund(subscriptionId: string): Promise<RefundAnswer>
  /** Marks every approved commission paid, as one payout, and answers what to pay whom. */
  recordPayout(): Promise<PayoutAnswer>
  /** The most recent payouts first (at most 20), to download their CSV again. */
  listPayouts(): Promise<PayoutListItem[]>
  /** What the server's AI cost over the last `days` UTC days, today included (decision 031). */
  aiUsage(days: number): Promise<AiUsageReport>
}
