import { and, eq, sql } from 'drizzle-orm'
import { foldCouponCode, mayMatchFolded, normalizeCouponCode } from '@/domain/coupon-code'
import type { Db } from '../db/database'
import { users } from '../db/schema'

export type CouponOwner = { employeeId: string; code: string }

const employees = (db: Db) =>
  db.select({ employeeId: users.id, code: users.couponCode }).from(users).$dynamic()

/**
 * The employee whose coupon a customer typed: the exact code first, then the
 * code with look-alikes folded (O → 0, I and L → 1), accepted only when it
 * names exactly one employee (decision 022). Null when no code matches.
 */
export async function findCouponOwner(db: Db, typed: string): Promise<CouponOwner | null> {
  const code = normalizeCouponCode(typed)
  if (code === '') return null
  const [exact] = await employees(db)
    .where(and(eq(users.couponCode, code), eq(users.role, 'employee')))
    .limit(1)
  if (exact?.code) return { employeeId: exact.employeeId, code: exact.code }
  const folded = foldCouponCode(code)
  if (!mayMatchFolded(folded)) return null
  const found = await employees(db)
    .where(
      and(
        sql`translate(${users.couponCode}, 'OIL', '011') = ${folded}`,
        eq(users.role, 'employee'),
      ),
    )
    .limit(2)
  const [only] = found
  return found.length === 1 && only?.code ? { employeeId: only.employeeId, code: only.code } : null
}
