export const COUPON_PREFIX = 'EMP'
/**
 * What new codes are drawn from: A–Z and 2–9 without the characters people
 * read as one another (0/O, 1/I/L), 31 in all (docs/decisions/022-coupon-look-alikes.md).
 */
export const COUPON_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
/** What codes were drawn from before: existing codes may hold any of these and stay valid. */
export const LEGACY_COUPON_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
export const COUPON_RANDOM_LENGTH = 6
/** The shape of every valid code, old or new. */
export const COUPON_PATTERN = /^EMP[A-Z0-9]{6}$/

type RandomSource = (bytes: Uint8Array) => Uint8Array

const cryptoRandom: RandomSource = (bytes) => crypto.getRandomValues(bytes)

/**
 * `EMP` + 6 characters from `COUPON_ALPHABET`. Bytes at or above the largest
 * multiple of its length (248 for 31) are redrawn so every character is equally likely.
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

/** Each look-alike letter and the digit it folds to. */
const LOOK_ALIKES: Readonly<Record<string, string>> = { O: '0', I: '1', L: '1' }

/**
 * The key two codes share when they differ only in look-alikes: normalised,
 * then O → 0 and I, L → 1. Letters fold to digits, not the other way, so the
 * key of a new code (which holds neither) is the code itself.
 */
export function foldCouponCode(input: string): string {
  return normalizeCouponCode(input).replace(/[OIL]/g, (letter) => LOOK_ALIKES[letter] ?? letter)
}

/**
 * Whether any code could fold to `folded` yet differ from it. Only a key with
 * a 0 or 1 in it can: without one, the only code with that key is the key itself.
 */
export function mayMatchFolded(folded: string): boolean {
  return /[01]/.test(folded)
}
