import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** A session token: 32 random bytes, as the cookie carries them. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Only this digest of a token is stored, so a copy of the database opens no session. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest()

/** Compares two secrets in time that depends on neither where they differ nor their lengths. */
export function sameSecret(candidate: string, expected: string): boolean {
  return timingSafeEqual(digest(candidate), digest(expected))
}
