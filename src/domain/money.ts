import { onFirstUse } from '@/lib/on-first-use'

/** Money is integer cents everywhere; dollars appear only when formatted for a person. */
export const COUPON_DISCOUNT_PERCENT = 20
export const COMMISSION_PERCENT = 5
/** Days after a sale during which a refund voids its commission; after them the commission is approved. */
export const REFUND_WINDOW_DAYS = 30

/** A whole `percent`% (0–100) of a non-negative integer amount of cents, rounded half-up to the cent. */
export function percentOfCents(cents: number, percent: number): number {
  if (!Number.isSafeInteger(cents) || cents < 0)
    throw new RangeError(`Invalid amount in cents: ${cents}`)
  if (!Number.isInteger(percent) || percent < 0 || percent > 100)
    throw new RangeError(`Invalid percentage: ${percent}`)
  // `cents * percent` can pass 2^53 and lose the last digit; whole dollars and the
  // remaining cents are each multiplied within the range a double holds exactly.
  const dollars = Math.floor(cents / 100)
  const rest = cents % 100
  return dollars * percent + Math.floor((rest * percent + 50) / 100)
}

export type PriceBreakdown = {
  listCents: number
  discountPercent: number
  discountCents: number
  priceCents: number
  commissionCents: number
}

export function priceWithCoupon(listCents: number, hasCoupon: boolean): PriceBreakdown {
  const discountPercent = hasCoupon ? COUPON_DISCOUNT_PERCENT : 0
  const discountCents = percentOfCents(listCents, discountPercent)
  const priceCents = listCents - discountCents
  const commissionCents = hasCoupon ? percentOfCents(priceCents, COMMISSION_PERCENT) : 0
  return { listCents, discountPercent, discountCents, priceCents, commissionCents }
}

const usd = onFirstUse(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }))

export function formatCents(cents: number): string {
  return usd().format(cents / 100)
}
