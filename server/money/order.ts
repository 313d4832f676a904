import { createHash } from 'node:crypto'
import { AppError } from '@/domain/errors'
import { type PriceBreakdown, priceWithCoupon } from '@/domain/money'
import { type Plan, requirePlan } from '@/domain/plans'
import type { Db } from '../db/database'
import { type CouponOwner, findCouponOwner } from './coupons'

export type PricedOrder = { plan: Plan; coupon: CouponOwner | null; price: PriceBreakdown }

/**
 * What a checkout sells and for how much, whichever gateway takes the money:
 * the plan from the catalogue, the coupon as typed checked here, the price
 * from both. The client never sends an amount.
 */
export async function priceOrder(
  db: Db,
  request: { plan: string; couponCode?: string | undefined },
): Promise<PricedOrder> {
  const plan = requirePlan(request.plan)
  const typedCoupon = request.couponCode?.trim()
  if (typedCoupon === '') throw new AppError('COUPON_REQUIRED')
  const coupon = typedCoupon === undefined ? null : await findCouponOwner(db, typedCoupon)
  if (typedCoupon !== undefined && !coupon) throw new AppError('INVALID_COUPON')
  return { plan, coupon, price: priceWithCoupon(plan.priceCents, coupon !== null) }
}

/** What an idempotency key remembers of the request it was first used with. */
export const hashOf = (parts: string[]) =>
  createHash('sha256').update(parts.join('\n')).digest('hex')
