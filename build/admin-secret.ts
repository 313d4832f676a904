import { pbkdf2Sync, randomBytes } from 'node:crypto'

/** Used when ADMIN_SECRET is not set; documented in the README, never for a real deployment. */
export const DEVELOPMENT_ADMIN_SECRET = 'letterhead-dev-admin'

export const ADMIN_SECRET_ITERATIONS = 600_000

export type AdminSecretHash = {
  salt: string
  hash: string
  iterations: number
}

const toBase64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64')

/**
 * Hashes the admin secret at build time so the bundle carries only a salted
 * PBKDF2-HMAC-SHA256 digest, never the secret itself.
 */
export function hashAdminSecret(
  env: NodeJS.ProcessEnv,
  warn: (message: string) => void,
): AdminSecretHash {
  const configured = env.ADMIN_SECRET
  const secret = configured && configured.length > 0 ? configured : DEVELOPMENT_ADMIN_SECRET
  if (secret === DEVELOPMENT_ADMIN_SECRET) {
    warn(
      'ADMIN_SECRET is not set: the development admin secret is in use. Set ADMIN_SECRET before building for real users.',
    )
  }
  const salt = randomBytes(16)
  const hash = pbkdf2Sync(secret, salt, ADMIN_SECRET_ITERATIONS, 32, 'sha256')
  return { salt: toBase64(salt), hash: toBase64(hash), iterations: ADMIN_SECRET_ITERATIONS }
}
