import { foldCouponCode, mayMatchFolded, normalizeCouponCode } from '@/domain/coupon-code'
import { AppError } from '@/domain/errors'
import { newId } from '@/domain/ids'
import { COMMISSION_PERCENT, percentOfCents } from '@/domain/money'
import type { Commission, Subscription, User } from '@/domain/types'
import type { LetterheadDatabase } from '../database'
import { stamp } from './context'

/**
 * The employee whose coupon code a customer typed, however they spaced or cased
 * it. A code that matches none exactly is compared with look-alikes folded
 * (O as 0, I and L as 1) and accepted when exactly one employee's code folds
 * the same (docs/decisions/022-coupon-look-alikes.md).
 */
export async function employeeByCode(
  db: LetterheadDatabase,
  input: string,
): Promise<User | undefined> {
  const code = normalizeCouponCode(input)
  if (code === '') throw new AppError('COUPON_REQUIRED')
  const user = await db.users.where('couponCode').equals(code).first()
  if (user) return user.role === 'employee' ? user : undefined
  const key = foldCouponCode(code)
  if (!mayMatchFolded(key)) return undefined
  // No index holds the folded key (adding one is a schema version): walk the
  // employees through the role index, who are few, and stop at a second match.
  const matches = await db.users
    .where('role')
    .equals('employee')
    .filter(
      (employee) =>
        employee.couponCode !== undefined && foldCouponCode(employee.couponCode) === key,
    )
    .limit(2)
    .toArray()
  return matches.length === 1 ? matches[0] : undefined
}

/**
 * Appends the commission a subscription earns and updates the employee's
 * totals, inside the caller's transaction. The ledger's unique
 * `subscriptionId` index makes a second credit impossible; this returns the first.
 */
export async function creditWithin(
  db: LetterheadDatabase,
  clock: () => Date,
  subscription: Subscription,
): Promise<Commission | null> {
  if (!subscription.employeeId) return null
  const existing = await db.commissions.where('subscriptionId').equals(subscription.id).first()
  if (existing) return existing
  const employee = await db.users.get(subscription.employeeId)
  if (!employee) return null
  const commission: Commission = {
    id: newId(),
    employeeId: employee.id,
    subscriptionId: subscription.id,
    amountCents: percentOfCents(subscription.priceCents, COMMISSION_PERCENT),
    ...stamp(clock),
  }
  await db.commissions.add(commission)
  await db.users.update(employee.id, {
    referrals: (employee.referrals ?? 0) + 1,
    earningsCents: (employee.earningsCents ?? 0) + commission.amountCents,
    updatedAt: commission.createdAt,
  })
  return commission
}

/**
 * An account that syncs with the Letterhead server has its purchases and
 * commissions written by the server alone (DESIGN.md §8): this device writes
 * none of its own, or it would count letters the server never sold.
 */
export async function refuseForServerAccount(db: LetterheadDatabase, userId: string) {
  if (await db.syncState.get(userId)) {
    throw new AppError(
      'FORBIDDEN',
      'Purchases of an account on the Letterhead server are made at checkout, through the server.',
    )
  }
}
