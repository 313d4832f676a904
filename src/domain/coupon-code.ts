export const COUPON_PREFIX = 'EMP'
export const COUPON_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
export const COUPON_RANDOM_LENGTH = 6
export const COUPON_PATTERN = /^EMP[A-Z0-9]{6}$/

type RandomSource = (bytes: Uint8Array) => Uint8Array

const cryptoRandom: RandomSource = (bytes) => crypto.getRandomValues(bytes)

/**
 * `EMP` + 6 characters from A–Z0–9. Bytes at or above the largest multiple of
 * 36 are redrawn so every character is equally likely.
 */
export function generateCouponCode(random: RandomSource = cryptoRandom): string {
  const limit = 256 - (256 % COUPON_ALPHABET.length)
  let code = COUPON_PREFIX
  while (code.length < COUPON_PREFIX.length + COUPON_RANDOM_LENGTH) {
    for (const byte of random(new Uint8Array(16))) {
      if (byte >= limit) continue
      code += COUPON_ALPHABET[byte % COUPON_ALPHABET.length]
      if (code.length === COUPON_PREFIX.length + COUPON_RANDOM_LENGTH) break
    }
  }
  return code
}

/** What a customer types, as we compare it: trimmed and upper-cased. */
export function normalizeCouponCode(input: string): string {
  return input.trim().toUpperCase()
}
