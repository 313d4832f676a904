import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  COUPON_ALPHABET,
  COUPON_PATTERN,
  COUPON_PREFIX,
  LEGACY_COUPON_ALPHABET,
  foldCouponCode,
  generateCouponCode,
  mayMatchFolded,
  normalizeCouponCode,
} from './coupon-code'

/** The bytes 248–255 lie past the last whole multiple of 31 and are drawn again. */
const UNBIASED_LIMIT = 248

/** Characters a customer may read as one another. */
const LOOK_ALIKE = /[0O1IL]/

/** A code as the old alphabet drew them, look-alikes and all. */
const legacyCode = fc
  .array(fc.constantFrom(...LEGACY_COUPON_ALPHABET), { minLength: 6, maxLength: 6 })
  .map((chars) => COUPON_PREFIX + chars.join(''))

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
  it('are EMP and the first six unbiased bytes read in the alphabet, whatever the random source gives', () => {
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

  it('never hold a look-alike, and are their own folded key, whatever the random source gives', () => {
    fc.assert(
      fc.property(byteStream, (bytes) => {
        const code = generateCouponCode(replaying(bytes))
        expect(code).toMatch(COUPON_PATTERN)
        expect(code.slice(COUPON_PREFIX.length)).not.toMatch(LOOK_ALIKE)
        expect(foldCouponCode(code)).toBe(code)
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

  it('fold any text to a key that folds to itself', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (input) => {
        const key = foldCouponCode(input)
        expect(foldCouponCode(key)).toBe(key)
        expect(key).toBe(foldCouponCode(normalizeCouponCode(input)))
      }),
    )
  })

  it('fold a code to the same key whichever of its O/0 or I/1/L were swapped, in any case', () => {
    const twins: Record<string, string[]> = {
      O: ['O', '0'],
      '0': ['O', '0'],
      I: ['I', '1', 'L'],
      '1': ['I', '1', 'L'],
      L: ['I', '1', 'L'],
    }
    const choices = fc.array(fc.nat(), { minLength: 9, maxLength: 9 })
    fc.assert(
      fc.property(legacyCode, choices, fc.boolean(), (code, picks, lower) => {
        expect(code).toMatch(COUPON_PATTERN)
        const swapped = [...code]
          .map((char, i) => {
            const options = twins[char]
            return options ? (options[(picks[i] ?? 0) % options.length] ?? char) : char
          })
          .join('')
        const typed = lower ? swapped.toLowerCase() : swapped
        expect(foldCouponCode(typed)).toBe(foldCouponCode(code))
      }),
    )
  })

  it('have a key without 0 or 1 only when the key is the code itself, so the exact match was enough', () => {
    fc.assert(
      fc.property(legacyCode, (code) => {
        const key = foldCouponCode(code)
        if (!mayMatchFolded(key)) expect(key).toBe(code)
      }),
    )
  })
})
