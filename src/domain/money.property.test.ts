import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  COMMISSION_PERCENT,
  COUPON_DISCOUNT_PERCENT,
  formatCents,
  percentOfCents,
  priceWithCoupon,
} from './money'
import { PLANS } from './plans'

/** `percent`% of `cents`, rounded half-up, in exact integer arithmetic: the oracle. */
function halfUp(cents: number, percent: number): number {
  const scaled = BigInt(cents) * BigInt(percent)
  return Number(scaled / 100n + (scaled % 100n >= 50n ? 1n : 0n))
}

const anyCents = fc.maxSafeNat()
const anyPercent = fc.integer({ min: 0, max: 100 })

describe('percentOfCents', () => {
  it('is the exact half-up percentage of any whole amount, between 0 and the amount', () => {
    fc.assert(
      fc.property(anyCents, anyPercent, (cents, percent) => {
        const part = percentOfCents(cents, percent)
        expect(Number.isSafeInteger(part)).toBe(true)
        expect(part).toBe(halfUp(cents, percent))
        expect(part).toBeGreaterThanOrEqual(0)
        expect(part).toBeLessThanOrEqual(cents)
      }),
      { numRuns: 2_000 },
    )
  })

  it('never shrinks when the amount grows', () => {
    fc.assert(
      fc.property(anyCents, anyCents, anyPercent, (a, b, percent) => {
        const [low, high] = a <= b ? [a, b] : [b, a]
        expect(percentOfCents(low, percent)).toBeLessThanOrEqual(percentOfCents(high, percent))
      }),
    )
  })

  it('refuses anything that is not a whole, non-negative, safe number of cents', () => {
    const notCents = fc.oneof(
      fc.integer({ max: -1 }),
      fc.double({ noDefaultInfinity: false }).filter((n) => !Number.isSafeInteger(n) || n < 0),
      fc.constantFrom(Number.NaN, Infinity, -Infinity, Number.MAX_SAFE_INTEGER + 1, 0.5, -0.5),
    )
    fc.assert(
      fc.property(notCents, anyPercent, (cents, percent) => {
        expect(() => percentOfCents(cents, percent)).toThrow(RangeError)
      }),
    )
  })

  it('refuses a percentage that is not a whole number from 0 to 100', () => {
    const notPercent = fc.oneof(
      fc.integer({ max: -1 }),
      fc.integer({ min: 101 }),
      fc.double().filter((n) => !Number.isInteger(n)),
    )
    fc.assert(
      fc.property(anyCents, notPercent, (cents, percent) => {
        expect(() => percentOfCents(cents, percent)).toThrow(RangeError)
      }),
    )
  })
})

describe('priceWithCoupon', () => {
  const expectBreakdown = (listCents: number, hasCoupon: boolean) => {
    const price = priceWithCoupon(listCents, hasCoupon)
    for (const cents of [price.discountCents, price.priceCents, price.commissionCents]) {
      expect(Number.isSafeInteger(cents)).toBe(true)
      expect(cents).toBeGreaterThanOrEqual(0)
    }
    expect(price.listCents).toBe(listCents)
    expect(price.discountCents + price.priceCents).toBe(listCents)
    expect(price.discountPercent).toBe(hasCoupon ? COUPON_DISCOUNT_PERCENT : 0)
    expect(price.discountCents).toBe(hasCoupon ? halfUp(listCents, COUPON_DISCOUNT_PERCENT) : 0)
    // Commission is paid on what the customer paid, and only when a coupon referred them.
    expect(price.commissionCents).toBe(hasCoupon ? halfUp(price.priceCents, COMMISSION_PERCENT) : 0)
    expect(price.commissionCents).toBeLessThanOrEqual(price.priceCents)
    expect(price.priceCents).toBeLessThanOrEqual(listCents)
    return price
  }

  it('splits any list price into discount + price paid, with commission on what is paid', () => {
    fc.assert(
      fc.property(anyCents, fc.boolean(), (listCents, hasCoupon) => {
        expectBreakdown(listCents, hasCoupon)
      }),
      { numRuns: 2_000 },
    )
  })

  it('holds for every plan in the catalogue, with and without a coupon', () => {
    for (const plan of PLANS) {
      expect(Number.isSafeInteger(plan.priceCents)).toBe(true)
      expect(plan.priceCents).toBeGreaterThan(0)
      const full = expectBreakdown(plan.priceCents, false)
      expect(full.priceCents).toBe(plan.priceCents)
      const discounted = expectBreakdown(plan.priceCents, true)
      expect(discounted.priceCents).toBeLessThan(plan.priceCents)
      expect(formatCents(discounted.priceCents)).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/)
    }
  })

  it('never charges more with a coupon, nor more for a cheaper list price', () => {
    fc.assert(
      fc.property(anyCents, anyCents, fc.boolean(), (a, b, hasCoupon) => {
        const [low, high] = a <= b ? [a, b] : [b, a]
        expect(priceWithCoupon(low, true).priceCents).toBeLessThanOrEqual(
          priceWithCoupon(low, false).priceCents,
        )
        expect(priceWithCoupon(low, hasCoupon).priceCents).toBeLessThanOrEqual(
          priceWithCoupon(high, hasCoupon).priceCents,
        )
      }),
    )
  })
})

describe('formatCents', () => {
  it('writes whole cents as dollars with exactly two decimals that read back to the amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e13 }), (cents) => {
        const text = formatCents(cents)
        expect(text).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/)
        expect(Number(text.replace(/[$,.]/g, ''))).toBe(cents)
      }),
    )
  })
})
