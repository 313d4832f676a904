import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core'
import { letters, timestamptz, users } from './schema'

/**
 * AI through the server (DESIGN.md §9, decision 031): what each generation
 * cost, and the line of generations waiting for one of the AI_CONCURRENCY
 * slots shared by every instance on this database.
 */

export const AI_OUTCOMES = [
  'ok',
  'refused',
  'upstream_error',
  'timeout',
  'cancelled',
  'budget',
  'rate_limited',
] as const
export type AiOutcome = (typeof AI_OUTCOMES)[number]

/**
 * One row per attempt, written when it ends (in the transaction that takes its
 * row out of `ai_queue`), turned away ones included. The per-user rate limit
 * and daily token budget are counted from it and from the queue, so they hold
 * across instances. Never the letter's text.
 */
export const aiUsage = pgTable(
  'ai_usage',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    letterId: uuid('letter_id')
      .notNull()
      .references(() => letters.id, { onDelete: 'cascade' }),
    model: text('model').notNull(),
    tokensIn: integer('tokens_in').notNull(),
    tokensOut: integer('tokens_out').notNull(),
    /** True when the model reported no usage and the tokens are counted as characters / 4. */
    tokensEstimated: boolean('tokens_estimated').notNull(),
    /** From the request's arrival to its end, waiting in line included. */
    ms: integer('ms').notNull(),
    /** Of `ms`, the time spent waiting for a slot. */
    queuedMs: integer('queued_ms').notNull(),
    outcome: text('outcome', { enum: AI_OUTCOMES }).notNull(),
    /** When the request arrived, so the minute and the day it counts in are those it began in. */
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    /** The rate limit and the budget: one user's attempts since a moment. */
    index('ai_usage_user_id_created_at_idx').on(table.userId, table.createdAt),
    /** The admin's report: every attempt in a range of days. */
    index('ai_usage_created_at_idx').on(table.createdAt),
    check(
      'ai_usage_outcome_check',
      sql`${table.outcome} in ('ok', 'refused', 'upstream_error', 'timeout', 'cancelled', 'budget', 'rate_limited')`,
    ),
    check(
      'ai_usage_counts_check',
      sql`${table.tokensIn} >= 0 and ${table.tokensOut} >= 0 and ${table.ms} >= 0 and ${table.queuedMs} >= 0`,
    ),
  ],
)

/**
 * Generations waiting or running. A row goes in when a request is accepted and
 * out when it ends; the first AI_CONCURRENCY rows (running ones first, then by
 * priority and arrival) run. Times are the database's own clock, shared by
 * every instance; a row whose heartbeat stopped (its instance died) is removed
 * by the next request that looks.
 */
export const aiQueue = pgTable(
  'ai_queue',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 0 for an active Annual 8 Letters subscriber ("priority processing"), 1 for everyone else. */
    priority: smallint('priority').notNull(),
    enqueuedAt: timestamptz('enqueued_at').notNull(),
    startedAt: timestamptz('started_at'),
    heartbeatAt: timestamptz('heartbeat_at').notNull(),
  },
  (table) => [
    index('ai_queue_order_idx').on(table.priority, table.enqueuedAt, table.id),
    index('ai_queue_user_id_idx').on(table.userId),
    check('ai_queue_priority_check', sql`${table.priority} in (0, 1)`),
  ],
)
