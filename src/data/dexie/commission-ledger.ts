import { normalizeCouponCode } from '@/domain/coupon-code'
import { AppError } from '@/domain/errors'
import { newId } from '@/domain/ids'
import { COMMISSION_PERCENT, percentOfCents } from '@/domain/money'
import type { Commission, Subscription, User } from '@/domain/types'
import type { LetterheadDatabase } from '../database'
import { stamp } from './context'

/** The employee whose coupon code a customer typed, however they spaced or cased it. */
export async function employeeByCode(
  db: LetterheadDatabase,
  input: string,
): Promise<User | undefined> {
  const code = normalizeCouponCode(input)
  if (code === '') throw new AppError('COUPON_REQUIRED')
  const user = await db.users.where('couponCode').equals(code).first()
  return user?.role === 'employee' ? user : undefined
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
