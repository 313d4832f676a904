import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  COUPON_ALPHABET,
  COUPON_PATTERN,
  COUPON_PREFIX,
  generateCouponCode,
  normalizeCouponCode,
} from './coupon-code'

/** The bytes 252–255 lie past the last whole multiple of 36 and are drawn again. */
const UNBIASED_LIMIT = 252

/** A random source that replays `bytes` in a loop, as a stand-in for crypto.getRandomValues. */
const replaying = (bytes: number[]) => {
  let next = 0
  return (buffer: Uint8Array) => {
    for (let i = 0; i < buffer.length; i++) buffer[i] = bytes[next++ % bytes.length] ?? 0
    return buffer
  }
}

const byteStream = fc
  .array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 64 })
  .filter((bytes) => bytes.some((byte) => byte < UNBIASED_LIMIT))

describe('coupon codes', () => {
  it('are EMP and the first six unbiased bytes read as A–Z0–9, whatever the random source gives', () => {
    fc.assert(
      fc.property(byteStream, (bytes) => {
        const code = generateCouponCode(replaying(bytes))
        expect(code).toMatch(COUPON_PATTERN)
        const usable: number[] = []
        while (usable.length < 6) {
          for (const byte of bytes)
            if (byte < UNBIASED_LIMIT && usable.length < 6) usable.push(byte)
        }
        const expected = usable.map((byte) => COUPON_ALPHABET[byte % COUPON_ALPHABET.length])
        expect(code).toBe(COUPON_PREFIX + expected.join(''))
      }),
    )
  })

  it('come back from any casing and padding a customer types', () => {
    const code = fc
      .array(fc.constantFrom(...COUPON_ALPHABET), { minLength: 6, maxLength: 6 })
      .map((chars) => COUPON_PREFIX + chars.join(''))
    const padding = fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\u00a0', '\u3000') })
    fc.assert(
      fc.property(code, fc.array(fc.boolean()), padding, padding, (code, lower, before, after) => {
        const typed = [...code].map((c, i) => (lower[i] ? c.toLowerCase() : c)).join('')
        expect(normalizeCouponCode(before + typed + after)).toBe(code)
      }),
    )
  })

  it('normalise any text to a trimmed, upper-case fixed point', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (input) => {
        const normal = normalizeCouponCode(input)
        expect(normal).toBe(normal.trim())
        expect(normal).toBe(normal.toUpperCase())
        expect(normalizeCouponCode(normal)).toBe(normal)
      }),
    )
  })
})
