/**
 * One key per purchase attempt, shared by every tab through localStorage: a
 * double click, a retry after a decline, or the same checkout in two tabs all
 * carry the same key, so the repository writes one subscription.
 */
const STORAGE_KEY = 'letterhead.checkout-attempt'
const ATTEMPT_TTL_MS = 30 * 60_000

type Attempt = {
  key: string
  userId: string
  planId: string
  couponCode: string | null
  startedAt: number
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>

function read(storage: Storage): Attempt | null {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null')
    return parsed && typeof parsed === 'object' && 'key' in parsed ? (parsed as Attempt) : null
  } catch {
    return null
  }
}

export function attemptKeyFor(
  purchase: { userId: string; planId: string; couponCode: string | null },
  now: number = Date.now(),
  storage: Storage = localStorage,
): string {
  const current = read(storage)
  const same =
    current &&
    current.userId === purchase.userId &&
    current.planId === purchase.planId &&
    current.couponCode === purchase.couponCode &&
    now - current.startedAt < ATTEMPT_TTL_MS
  if (same) return current.key
  const attempt: Attempt = { key: crypto.randomUUID(), ...purchase, startedAt: now }
  storage.setItem(STORAGE_KEY, JSON.stringify(attempt))
  return attempt.key
}

/** After a purchase the next checkout is a new attempt. */
export function finishAttempt(key: string, storage: Storage = localStorage): void {
  if (read(storage)?.key === key) storage.removeItem(STORAGE_KEY)
}
