/**
 * Names in the browser's storage, kept apart from the database code so a page
 * can look at the session without loading Dexie (see session-peek.ts).
 */
export const DATABASE_NAME = 'letterhead'

export const SESSION_TABLE = 'session'

/** The session table's single row. */
export const SESSION_KEY = 'current'
