import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core'
import { times, users } from './schema'

/**
 * What the admin oversees (DESIGN.md §1, §8, decision 024): messages from the
 * contact form and error reports from the app, both sent to the server, and
 * the running totals the admin's stat cards read. Searched columns carry
 * pg_trgm GIN indexes, so `ilike '%…%'` is an index read.
 */

/** A message from the landing page's contact form; anyone may send one. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    /** Drawn by the device, so a message it sends again is stored once. */
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    ...times,
  },
  (table) => [
    index('contact_messages_created_at_idx').on(table.createdAt, table.id),
    index('contact_messages_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
    index('contact_messages_email_trgm_idx').using('gin', table.email.op('gin_trgm_ops')),
    index('contact_messages_subject_trgm_idx').using('gin', table.subject.op('gin_trgm_ops')),
  ],
)

/** An error the app caught (the error screen's "our team has been notified"). */
export const errorReports = pgTable(
  'error_reports',
  {
    /** Drawn by the device, so a report it sends again is stored once. */
    id: uuid('id').primaryKey(),
    /** Who was signed in when it was sent, when anyone was. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    stack: text('stack').notNull(),
    route: text('route').notNull(),
    userAgent: text('user_agent').notNull(),
    ...times,
  },
  (table) => [
    index('error_reports_created_at_idx').on(table.createdAt, table.id),
    index('error_reports_user_id_idx').on(table.userId),
    index('error_reports_message_trgm_idx').using('gin', table.message.op('gin_trgm_ops')),
    index('error_reports_route_trgm_idx').using('gin', table.route.op('gin_trgm_ops')),
  ],
)

/**
 * The admin's totals, kept by statement-level triggers (migration
 * 0004_admin_totals): each metric is spread over ADMIN_COUNTER_SHARDS rows, a
 * writer adds to a shard no other transaction holds, and a total is the sum
 * of its shards. Written only by those triggers.
 */
export const adminCounters = pgTable(
  'admin_counters',
  {
    metric: text('metric').notNull(),
    shard: smallint('shard').notNull(),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({ name: 'admin_counters_pkey', columns: [table.metric, table.shard] }),
    check('admin_counters_shard_check', sql`${table.shard} between 0 and 15`),
  ],
)
