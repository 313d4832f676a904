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

/**
 * PostgreSQL's codes for text it cannot store: a NUL character in a text
 * column (22021), and `\u0000` in JSON for a jsonb one (22P05).
 */
const UNSTORABLE_TEXT = new Set(['22021', '22P05'])

/** Whether an error says a value held a character the database cannot store; the cause chain is followed. */
export function unstorableText(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as DriverError
    if (typeof candidate.code === 'string' && UNSTORABLE_TEXT.has(candidate.code)) return true
    current = candidate.cause
  }
  return false
}
