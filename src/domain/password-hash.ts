export const PASSWORD_HASH_ALGORITHM = 'PBKDF2-HMAC-SHA256'
export const PASSWORD_HASH_ITERATIONS = 600_000
export const PASSWORD_SALT_BYTES = 16
export const PASSWORD_HASH_BYTES = 32

export type PasswordHash = {
  algorithm: typeof PASSWORD_HASH_ALGORITHM
  iterations: number
  salt: string
  hash: string
}

export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

export async function derivePbkdf2(
  secret: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    'PBKDF2',
    false,
    ['deriveBits'],
  )
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    key,
    PASSWORD_HASH_BYTES * 8,
  )
  return new Uint8Array(bits)
}

export async function hashPassword(password: string): Promise<PasswordHash> {
  const salt = crypto.getRandomValues(new Uint8Array(PASSWORD_SALT_BYTES))
  const hash = await derivePbkdf2(password, salt, PASSWORD_HASH_ITERATIONS)
  return {
    algorithm: PASSWORD_HASH_ALGORITHM,
    iterations: PASSWORD_HASH_ITERATIONS,
    salt: toBase64(salt),
    hash: toBase64(hash),
  }
}

/** Compares every byte whatever the first difference, so the time taken says nothing. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let difference = a.length ^ b.length
  for (let i = 0; i < Math.max(a.length, b.length); i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0)
  return difference === 0
}

export async function verifyPassword(
  password: string,
  stored: Omit<PasswordHash, 'algorithm'>,
): Promise<boolean> {
  const derived = await derivePbkdf2(password, fromBase64(stored.salt), stored.iterations)
  return constantTimeEqual(derived, fromBase64(stored.hash))
}

/**
 * A fixed salt for sign-ins to unknown emails: the work done matches a real
 * check, so the response time does not reveal whether the account exists.
 */
const DECOY_HASH: Omit<PasswordHash, 'algorithm'> = {
  iterations: PASSWORD_HASH_ITERATIONS,
  salt: 'bGV0dGVyaGVhZC1kZWNveQ==',
  hash: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
}

export async function spendDecoyVerification(password: string): Promise<void> {
  await verifyPassword(password, DECOY_HASH)
}
