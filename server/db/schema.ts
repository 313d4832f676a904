import { sql } from 'drizzle-orm'
import {
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

/**
 * The server's tables (DESIGN.md §3). One schema for PGlite and PostgreSQL;
 * `npm run db:generate` writes the next migration from changes here.
 */

const times = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
}

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    /** Trimmed and lower-cased before it is stored, so the unique index is case-insensitive. */
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    role: text('role', { enum: ['user', 'employee', 'admin'] }).notNull(),
    /** Employees only; unique across every account. */
    couponCode: text('coupon_code'),
    ...times,
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    uniqueIndex('users_coupon_code_key').on(table.couponCode),
    index('users_role_created_at_idx').on(table.role, table.createdAt),
    check('users_role_check', sql`${table.role} in ('user', 'employee', 'admin')`),
  ],
)

export const credentials = pgTable('credentials', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The PHC string of an argon2id hash: algorithm, parameters, salt and digest together. */
  passwordHash: text('password_hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
})

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the cookie's token, hex; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_key').on(table.tokenHash),
    index('sessions_user_id_idx').on(table.userId),
  ],
)

/** Failed sign-ins per email, for the lockout the device applies too (src/domain/sign-in-throttle.ts). */
export const signInThrottle = pgTable('sign_in_throttle', {
  email: text('email').primaryKey(),
  failures: jsonb('failures').$type<string[]>().notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
})

/** Who did what to an account, for the admin and for investigations; never passwords or tokens. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    ip: text('ip'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('audit_log_user_id_at_idx').on(table.userId, table.at)],
)
