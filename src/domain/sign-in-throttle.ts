/** After this many failures for one email inside the window, sign-in is refused for a while. */
export const FREE_ATTEMPTS = 5
export const FAILURE_WINDOW_MS = 15 * 60_000
export const FIRST_LOCK_MS = 60_000
export const MAX_LOCK_MS = 60 * 60_000

export type ThrottleRecord = {
  email: string
  failures: string[]
  lockedUntil: string | null
}

export function recentFailures(record: ThrottleRecord | undefined, now: Date): string[] {
  if (!record) return []
  return record.failures.filter((at) => now.getTime() - Date.parse(at) < FAILURE_WINDOW_MS)
}

/** The lock doubles with every failure past the free ones: 1, 2, 4 … minutes, at most an hour. */
export function lockDurationMs(failureCount: number): number {
  if (failureCount < FREE_ATTEMPTS) return 0
  return Math.min(FIRST_LOCK_MS * 2 ** (failureCount - FREE_ATTEMPTS), MAX_LOCK_MS)
}

export function registerFailure(
  record: ThrottleRecord | undefined,
  email: string,
  now: Date,
): ThrottleRecord {
  const failures = [...recentFailures(record, now), now.toISOString()]
  const lockMs = lockDurationMs(failures.length)
  return {
    email,
    failures,
    lockedUntil: lockMs > 0 ? new Date(now.getTime() + lockMs).toISOString() : null,
  }
}

export function lockRemainingMs(record: ThrottleRecord | undefined, now: Date): number {
  if (!record?.lockedUntil) return 0
  return Math.max(0, Date.parse(record.lockedUntil) - now.getTime())
}

export function describeWait(ms: number): string {
  const seconds = Math.ceil(ms / 1000)
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`
  const minutes = Math.ceil(seconds / 60)
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`
}

export function lockedMessage(ms: number): string {
  return `Too many failed sign-in attempts. Please wait ${describeWait(ms)} before trying again.`
}
