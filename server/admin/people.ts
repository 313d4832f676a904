import { type AnyColumn, and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { AdminEmployeeRow, AdminUserRow } from '@/domain/admin-api'
import type { Db } from '../db/database'
import { commissionEvents, commissions, employeeTotals } from '../db/money-schema'
import { letters, users } from '../db/schema'
import { below, contains, createdWithin, type Keyed, rowKeyAt, type TableQuery } from './keyset'

/** The accounts of one role that are not deleted, newest first, within the query's range and search. */
function accountsWhere(
  role: 'user' | 'employee',
  query: TableQuery,
  searched: AnyColumn[] = [users.fullName, users.email],
) {
  return and(
    eq(users.role, role),
    isNull(users.deletedAt),
    below(users.createdAt, users.id, query.after),
    ...createdWithin(users.createdAt, query.range),
    query.pattern === null ? undefined : contains(query.pattern, ...searched),
  )
}

const who = {
  id: users.id,
  fullName: users.fullName,
  email: users.email,
  role: users.role,
  createdAt: users.createdAt,
  at: rowKeyAt(users.createdAt),
}

/** Customers (role `user`) with how many letters each has; deleted accounts and letters left out. */
export async function readUsers(db: Db, query: TableQuery): Promise<Keyed<AdminUserRow>[]> {
  const rows = await db
    .select({
      ...who,
      // Drizzle names columns without their table in a select from one table, so `${users.id}`
      // would read as the letter's own id inside this subquery: the outer column is named in full.
      letterCount: sql<number>`(
        select count(*)::int from ${letters}
        where ${letters.ownerId} = "users"."id" and ${letters.deletedAt} is null
      )`.mapWith(Number),
    })
    .from(users)
    .where(accountsWhere('user', query))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.limit)
  return rows.map(({ at, createdAt, ...row }) => ({
    row: { ...row, createdAt: createdAt.toISOString() },
    key: { at, id: row.id },
  }))
}

/**
 * Employees with their coupon code, referrals (kept by checkout in
 * employee_totals) and earnings: their commissions but those a refund voided
 * or took back (both end a commission's states, decision 023), as the
 * employee's own portal counts them. A search also looks in the coupon code;
 * employees are few, so that column needs no index.
 */
export async function readEmployees(db: Db, query: TableQuery): Promise<Keyed<AdminEmployeeRow>[]> {
  const rows = await db
    .select({
      ...who,
      couponCode: users.couponCode,
      referrals: sql<number>`coalesce(${employeeTotals.referrals}, 0)`.mapWith(Number),
      earningsCents: sql<number>`(
        select coalesce(sum(${commissions.commissionCents}), 0)::int8 from ${commissions}
        where ${commissions.employeeId} = ${users.id}
          and not exists (
            select 1 from ${commissionEvents}
            where ${commissionEvents.commissionId} = ${commissions.id}
              and ${commissionEvents.state} in ('voided', 'adjusted')
          )
      )`.mapWith(Number),
    })
    .from(users)
    .leftJoin(employeeTotals, eq(employeeTotals.employeeId, users.id))
    .where(accountsWhere('employee', query, [users.fullName, users.email, users.couponCode]))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.limit)
  return rows.map(({ at, createdAt, ...row }) => ({
    row: { ...row, createdAt: createdAt.toISOString() },
    key: { at, id: row.id },
  }))
}
