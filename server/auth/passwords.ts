import { hash, verify } from '@node-rs/argon2'

/** argon2id with DESIGN.md's parameters: 19 MiB, two passes, one lane. */
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID)
}

/** False for a wrong password and for a stored hash that cannot be read. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

let decoy: Promise<string> | undefined

/**
 * Spends the time of one verification when there is no account to verify
 * against, so the answer's timing does not tell an unknown email from a
 * wrong password.
 */
export async function spendDecoyVerification(password: string): Promise<void> {
  decoy ??= hashPassword(crypto.randomUUID())
  await verifyPassword(await decoy, password)
}
