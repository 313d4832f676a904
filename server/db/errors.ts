/** PostgreSQL's code for a unique violation, the same from PGlite and from `pg`. */
const UNIQUE_VIOLATION = '23505'

type DriverError = { code?: unknown; constraint?: unknown; cause?: unknown }

/**
 * The name of the unique constraint an error broke, or null. Drizzle wraps the
 * driver's error in its own, so the cause chain is followed.
 */
export function uniqueViolation(error: unknown): string | null {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as DriverError
    if (candidate.code === UNIQUE_VIOLATION) {
      return typeof candidate.constraint === 'string' ? candidate.constraint : ''
    }
    current = candidate.cause
  }
  return null
}
