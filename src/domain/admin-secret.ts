import { verifyPassword } from './password-hash'

export type AdminSecretHash = { salt: string; hash: string; iterations: number }

declare const __ADMIN_SECRET_HASH__: AdminSecretHash

/** The build embeds only a salted hash of ADMIN_SECRET (see build/admin-secret.ts). */
export function builtInAdminSecretHash(): AdminSecretHash {
  return __ADMIN_SECRET_HASH__
}

export function verifyAdminSecret(
  candidate: string,
  expected: AdminSecretHash = builtInAdminSecretHash(),
) {
  return verifyPassword(candidate, expected)
}
