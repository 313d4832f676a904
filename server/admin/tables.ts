import type { AdminPage, AdminRow, AdminTable } from '@/domain/admin-api'
import type { Db } from '../db/database'
import { readLetters, readSubscriptions } from './activity'
import {
  createdRange,
  decodeCursor,
  encodeCursor,
  type Keyed,
  searchPattern,
  type TableQuery,
} from './keyset'
import { readEmployees, readUsers } from './people'
import { readErrors, readMessages } from './reports'

/** A CSV cell: text (checked for formulas and quoted as needed), a number, or empty. */
export type CsvValue = string | number | null
export type CsvColumn<Row> = { header: string; value: (row: Row) => CsvValue }

export type TableSpec<T extends AdminTable> = {
  read: (db: Db, query: TableQuery) => Promise<Keyed<AdminRow<T>>[]>
  csv: CsvColumn<AdminRow<T>>[]
}

/** Money in a CSV: dollars, as a spreadsheet reads them (23920 → 239.2). */
const dollars = (cents: number) => cents / 100

/** What each admin table reads, and its columns as CSV. */
export const ADMIN_TABLE_SPECS: { [T in AdminTable]: TableSpec<T> } = {
  users: {
    read: readUsers,
    csv: [
      { header: 'ID', value: (row) => row.id },
      { header: 'Full Name', value: (row) => row.fullName },
      { header: 'Email', value: (row) => row.email },
      { header: 'Role', value: (row) => row.role },
      { header: 'Letters', value: (row) => row.letterCount },
      { header: 'Created At', value: (row) => row.createdAt },
    ],
  },
  employees: {
    read: readEmployees,
    csv: [
      { header: 'ID', value: (row) => row.id },
      { header: 'Full Name', value: (row) => row.fullName },
      { header: 'Email', value: (row) => row.email },
      { header: 'Coupon Code', value: (row) => row.couponCode },
      { header: 'Referrals', value: (row) => row.referrals },
      { header: 'Earnings (USD)', value: (row) => dollars(row.earningsCents) },
      { header: 'Created At', value: (row) => row.createdAt },
    ],
  },
  letters: {
    read: readLetters,
    csv: [
      { header: 'ID', value: (row) => row.id },
      { header: 'Type', value: (row) => row.type },
      { header: 'Matter', value: (row) => row.matter },
      { header: 'Sender', value: (row) => row.senderName },
      { header: 'Recipient', value: (row) => row.recipientName },
      { header: 'Status', value: (row) => row.status },
      { header: 'Owner Name', value: (row) => row.ownerName },
      { header: 'Owner Email', value: (row) => row.ownerEmail },
      { header: 'Created At', value: (row) => row.createdAt },
    ],
  },
  subscriptions: {
    read: readSubscriptions,
    csv: [
      { header: 'ID', value: (row) => row.id },
      { header: 'Customer Name', value: (row) => row.customerName },
      { header: 'Customer Email', value: (row) => row.customerEmail },
      { header: 'Plan', value: (row) => row.plan },
      { header: 'Price (USD)', value: (row) => dollars(row.priceCents) },
      { header: 'Discount (USD)', value: (row) => dollars(row.discountCents) },
      { header: 'Discount (%)', value: (row) => row.discountPercent },
      { header: 'Coupon Code', value: (row) => row.couponCode },
      { header: 'Created At', value: (row) => row.createdAt },
      { header: 'Refunded At', value: (row) => row.refundedAt },
    ],
  },
  messages: {
    read: readMessages,
    csv: [
      { header: 'ID', value: (row) => row.id },
      { header: 'Name', value: (row) => row.name },
      { header: 'Email', value: (row) => row.email },
      { header: 'Subject', value: (row) => row.subject },
      { header: 'Message', value: (row) => row.message },
      { header: 'Received At', value: (row) => row.createdAt },
    ],
  },
  errors: {
    read: readErrors,
    csv: [
      { header: 'ID', value: (row) => row.id },
      { header: 'Route', value: (row) => row.route },
      { header: 'Message', value: (row) => row.message },
      { header: 'Stack', value: (row) => row.stack },
      { header: 'User Email', value: (row) => row.userEmail },
      { header: 'User Agent', value: (row) => row.userAgent },
      { header: 'Reported At', value: (row) => row.createdAt },
    ],
  },
}

export type TableFilter = {
  q?: string | undefined
  from?: string | undefined
  to?: string | undefined
}

/** The filter as the readers take it; a bad range is a 400. */
export function tableQuery(filter: TableFilter, limit: number, after: TableQuery['after']) {
  return {
    limit,
    after,
    pattern: searchPattern(filter.q),
    range: createdRange(filter.from, filter.to),
  } satisfies TableQuery
}

/** One page, newest first: one row more than asked is read to know whether another page follows. */
export async function readPage<T extends AdminTable>(
  db: Db,
  table: T,
  request: TableFilter & { limit: number; cursor?: string | undefined },
): Promise<AdminPage<T>> {
  const after = request.cursor === undefined ? null : decodeCursor(table, request.cursor)
  const spec: TableSpec<T> = ADMIN_TABLE_SPECS[table]
  const keyed = await spec.read(db, tableQuery(request, request.limit + 1, after))
  const page = keyed.slice(0, request.limit)
  const last = page.at(-1)
  return {
    rows: page.map(({ row }) => row),
    cursor: keyed.length > request.limit && last ? encodeCursor(table, last.key) : null,
  }
}
