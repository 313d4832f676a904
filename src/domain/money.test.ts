import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatCents, percentOfCents, priceWithCoupon } from './money'

describe('money', () => {
  it('follows the worked examples', () => {
    expect(priceWithCoupon(29_900, true)).toEqual({
      listCents: 29_900,
      discountPercent: 20,
      discountCents: 5_980,
      priceCents: 23_920,
      commissionCents: 1_196,
    })
    expect(priceWithCoupon(59_900, true).commissionCents).toBe(2_396)
    expect(priceWithCoupon(59_900, false)).toMatchObject({
      priceCents: 59_900,
      discountCents: 0,
      commissionCents: 0,
    })
  })

  it('rounds half up to the cent', () => {
    expect(percentOfCents(10, 5)).toBe(1) // 0.5 → 1
    expect(percentOfCents(9, 5)).toBe(0) // 0.45 → 0
    expect(percentOfCents(30, 5)).toBe(2) // 1.5 → 2
  })

  it('refuses amounts that are not whole non-negative cents', () => {
    expect(() => percentOfCents(1.5, 5)).toThrow(RangeError)
    expect(() => percentOfCents(-1, 5)).toThrow(RangeError)
  })

  it('keeps discount + price = list, integers, commission within the price', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.boolean(), (list, coupon) => {
        const p = priceWithCoupon(list, coupon)
        expect(p.discountCents + p.priceCents).toBe(list)
        for (const value of [p.discountCents, p.priceCents, p.commissionCents]) {
          expect(Number.isInteger(value)).toBe(true)
          expect(value).toBeGreaterThanOrEqual(0)
        }
        expect(p.commissionCents).toBeLessThanOrEqual(p.priceCents)
      }),
    )
  })

  it('formats at the edge', () => {
    expect(formatCents(23_920)).toBe('$239.20')
    expect(formatCents(0)).toBe('$0.00')
  })
})
