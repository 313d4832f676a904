import { describe, expect, it } from 'vitest'
import { COUPON_PATTERN, generateCouponCode, normalizeCouponCode } from './coupon-code'

describe('coupon codes', () => {
  it('are EMP and six characters from A–Z0–9', () => {
    for (let i = 0; i < 500; i++) expect(generateCouponCode()).toMatch(COUPON_PATTERN)
  })

  it('skip biased bytes so every character is equally likely', () => {
    // 252..255 are above the last whole multiple of 36 and must be drawn again.
    const bytes = [255, 252, 0, 35, 36, 71, 1, 2]
    const code = generateCouponCode((buffer) => {
      buffer.set(bytes.slice(0, buffer.length))
      return buffer
    })
    expect(code).toBe('EMPA9A9BC')
  })

  it('normalise what a customer types', () => {
    expect(normalizeCouponCode('  emp12ab34 ')).toBe('EMP12AB34')
  })
})
