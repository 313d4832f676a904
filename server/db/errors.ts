type DriverError = { code?: unknown; constraint?: unknown; cause?: unknown }

/**
 * The first error in the cause chain whose PostgreSQL code `matches`, the same
 * from PGlite and from `pg`. Drizzle wraps the driver's error in its own, so
 * the chain is followed (a few links at most).
 */
function driverErrorWith(error: unknown, matches: (code: string) => boolean): DriverError | null {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as DriverError
    if (typeof candidate.code === 'string' && matches(candidate.code)) return candidate
    current = candidate.cause
  }
  return null
}

/** PostgreSQL's code for a unique violation. */
const UNIQUE_VIOLATION = '23505'

/** The name of the unique constraint an error broke, or null. */
export function uniqueViolation(error: unknown): string | null {
  const found = driverErrorWith(error, (code) => code === UNIQUE_VIOLATION)
  if (!found) return null
  return typeof found.constraint === 'string' ? found.constraint : ''
}

/**
 * PostgreSQL's codes for text it cannot store: a NUL character in a text
 * column (22021), and `\u0000` in JSON for a jsonb one (22P05).
 */
const UNSTORABLE_TEXT = new Set(['22021', '22P05'])

/** Whether an error says a value held a character the database cannot store. */
export function unstorableText(error: unknown): boolean {
  return driverErrorWith(error, (code) => UNSTORABLE_TEXT.has(code)) !== null
}
