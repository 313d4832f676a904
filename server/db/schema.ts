import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { CalendarDay, LetterDetails } from '@/domain/letter-details'
import { REPLY_STATES } from '@/domain/reply-tracking'
import type { SyncedSetting, SyncedSettingKey, SyncedVersion } from '@/domain/sync'

/**
 * The server's tables (DESIGN.md §3): accounts and sync here, money in
 * money-schema.ts, what the admin oversees in oversight-schema.ts. One schema
 * for PGlite and PostgreSQL; `npm run db:generate` writes the next migration
 * from changes to any of them.
 */

export const times = {
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
    /**
     * When the account was deleted (decision 035): the row stays as a tombstone for the books,
     * counted nowhere and listed in no admin table.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    uniqueIndex('users_coupon_code_key').on(table.couponCode),
    /** The code with look-alikes folded as foldCouponCode folds them (decision 022). */
    index('users_coupon_key_idx').on(sql`translate(${table.couponCode}, 'OIL', '011')`),
    /** The admin's pages of one role, newest first by (created_at, id) (decision 024). */
    index('users_role_created_at_idx').on(table.role, table.createdAt, table.id),
    /** The admin's search: `ilike '%…%'` through trigrams (pg_trgm). */
    index('users_full_name_trgm_idx').using('gin', table.fullName.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', table.email.op('gin_trgm_ops')),
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

/**
 * Requests counted against a per-address limit (server/plugins/rate-limit-store.ts), one row per
 * route and address, shared by every instance on the database (decision 036). UNLOGGED in its
 * migration: counts are not worth a WAL write, and a crash that empties them only forgives.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('rate_limits_resets_at_idx').on(table.resetsAt)],
)

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

/**
 * Every write of a synced row (tombstones too) draws its `version` here, after
 * locking the owner's row, so one user's versions commit in order and a pull
 * that has seen version n has seen every row of that user below n (decision 021).
 */
export const syncVersion = pgSequence('sync_version')

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** Whose devices receive a synced row. */
export const ownerId = () =>
  uuid('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' })

/** What every synced row carries besides its owner: its version, and a tombstone. */
export const synced = {
  version: bigint('version', { mode: 'number' }).notNull(),
  deletedAt: timestamptz('deleted_at'),
}

/**
 * A calendar day, `2026-11-26`, kept as text: a `date` column comes back from
 * the drivers as a Date at midnight in some time zone, which can name the day before.
 */
const replyByColumn = () => text('reply_by').$type<CalendarDay>()

const calendarDayCheck = (column: AnyPgColumn) => sql`${column} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`

export const letters = pgTable(
  'letters',
  {
    id: uuid('id').primaryKey(),
    ownerId: ownerId(),
    type: text('type').$type<SyncedVersion['answers']['type']>().notNull(),
    senderName: text('sender_name').notNull(),
    senderAddress: text('sender_address').notNull(),
    recipientName: text('recipient_name').notNull(),
    recipientAddress: text('recipient_address').notNull(),
    matter: text('matter').notNull(),
    resolution: text('resolution').notNull(),
    /** The guided questions' answers, one JSON value (decision 030); null for letters without any. */
    details: jsonb('details').$type<LetterDetails>(),
    /** The asking types' one deadline, the writer's calendar day as text: no time zone can move it. */
    replyBy: replyByColumn(),
    /** Where the reply stands; null means awaiting it. */
    replyState: text('reply_state', { enum: REPLY_STATES }),
    content: text('content').notNull(),
    status: text('status', { enum: ['generating', 'completed', 'failed'] }).notNull(),
    generator: text('generator').notNull(),
    error: text('error'),
    /** The device's purchase that paid for it; opaque to the server until money moves here. */
    subscriptionId: text('subscription_id'),
    /** When a push replaced text its device had not seen (the replaced text is a previous version). */
    editedElsewhereAt: timestamptz('edited_elsewhere_at'),
    /** The sync client that last wrote the text, to tell a conflict from a device's own edits. */
    contentClientId: uuid('content_client_id'),
    ...synced,
    ...times,
  },
  (table) => [
    index('letters_owner_id_version_idx').on(table.ownerId, table.version),
    /** The admin's pages of letters, newest first; tombstones are not listed (decision 024). */
    index('letters_created_at_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.deletedAt} is null`),
    index('letters_recipient_name_trgm_idx').using('gin', table.recipientName.op('gin_trgm_ops')),
    index('letters_matter_trgm_idx').using('gin', table.matter.op('gin_trgm_ops')),
    check('letters_status_check', sql`${table.status} in ('generating', 'completed', 'failed')`),
    check('letters_reply_by_check', calendarDayCheck(table.replyBy)),
    check(
      'letters_reply_state_check',
      sql`${table.replyState} in ('awaiting', 'received', 'resolved')`,
    ),
  ],
)

export const letterVersions = pgTable(
  'letter_versions',
  {
    id: uuid('id').primaryKey(),
    letterId: uuid('letter_id')
      .notNull()
      .references(() => letters.id, { onDelete: 'cascade' }),
    ownerId: ownerId(),
    content: text('content').notNull(),
    /** The answers the text was written from, so a restore brings both back together. */
    answers: jsonb('answers').$type<SyncedVersion['answers']>().notNull(),
    /** The reply-by day the text states, brought back with it by a restore. */
    replyBy: replyByColumn(),
    reason: text('reason', { enum: ['edited', 'regenerated', 'restored'] }).notNull(),
    ...synced,
    ...times,
  },
  (table) => [
    index('letter_versions_owner_id_version_idx').on(table.ownerId, table.version),
    index('letter_versions_letter_id_idx').on(table.letterId),
    check(
      'letter_versions_reason_check',
      sql`${table.reason} in ('edited', 'regenerated', 'restored')`,
    ),
    check('letter_versions_reply_by_check', calendarDayCheck(table.replyBy)),
  ],
)

/** Settings that follow the account, last write wins per key; `value` is null in a tombstone. */
export const userSettings = pgTable(
  'user_settings',
  {
    ownerId: ownerId(),
    key: text('key').$type<SyncedSettingKey>().notNull(),
    value: jsonb('value').$type<SyncedSetting['value']>(),
    ...synced,
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    primaryKey({ name: 'user_settings_pkey', columns: [table.ownerId, table.key] }),
    index('user_settings_owner_id_version_idx').on(table.ownerId, table.version),
  ],
)

/** One per device and account: the last mutation of it the server applied (or refused). */
export const syncClients = pgTable(
  'sync_clients',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMutationId: bigint('last_mutation_id', { mode: 'number' }).notNull().default(0),
    createdAt: timestamptz('created_at').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull(),
  },
  (table) => [index('sync_clients_user_id_idx').on(table.userId)],
)
