import { describe, expect, it } from 'vitest'
import {
  COUPON_ALPHABET,
  COUPON_PATTERN,
  foldCouponCode,
  generateCouponCode,
  mayMatchFolded,
  normalizeCouponCode,
} from './coupon-code'

describe('coupon codes', () => {
  it('are EMP and six characters from the alphabet without look-alikes', () => {
    for (let i = 0; i < 500; i++) {
      const code = generateCouponCode()
      expect(code).toMatch(COUPON_PATTERN)
      expect(code).not.toMatch(/^EMP.*[0O1IL]/)
    }
  })

  it('draw from 31 characters: A–Z and 2–9 without 0, O, 1, I or L', () => {
    expect(COUPON_ALPHABET).toHaveLength(31)
    expect(new Set(COUPON_ALPHABET).size).toBe(31)
    expect(COUPON_ALPHABET).not.toMatch(/[0O1IL]/)
  })

  it('skip biased bytes so every character is equally likely', () => {
    // 248..255 are above the last whole multiple of 31 and must be drawn again.
    const bytes = [255, 248, 0, 30, 31, 61, 1, 2]
    const code = generateCouponCode((buffer) => {
      buffer.set(bytes.slice(0, buffer.length))
      return buffer
    })
    expect(code).toBe('EMPA9A9BC')
  })

  it('normalise what a customer types', () => {
    expect(normalizeCouponCode('  emp12ab34 ')).toBe('EMP12AB34')
  })

  it('still accept codes drawn from the old alphabet, which may hold 0, O, 1, I and L', () => {
    for (const code of ['EMPAM0SKP', 'EMPAMOSKP', 'EMP1IL0O9', 'EMPAAAAAA'])
      expect(code).toMatch(COUPON_PATTERN)
  })

  it('fold look-alike letters to the digits: O as 0, I and L as 1', () => {
    expect(foldCouponCode(' empamoskp ')).toBe('EMPAM0SKP')
    expect(foldCouponCode('EMPAM0SKP')).toBe('EMPAM0SKP')
    expect(foldCouponCode('EMPIL1OQ0')).toBe('EMP1110Q0')
  })

  it('look further only when the folded key holds a 0 or a 1', () => {
    expect(mayMatchFolded('EMPAM0SKP')).toBe(true)
    expect(mayMatchFolded('EMPABC1DE')).toBe(true)
    expect(mayMatchFolded('EMPABC2DE')).toBe(false)
  })
})
