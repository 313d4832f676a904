import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { subscriptions } from './money-schema'
import { timestamptz, users } from './schema'

/**
 * E-mail (decision 034): the links that reset a forgotten password, and the
 * mails a purchase owes its buyer and the employee whose coupon it used.
 */

/**
 * A password-reset link's token: random, 32 bytes, and only its SHA-256 is
 * kept, so a copy of the database opens nothing. Good for an hour, once.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the link's token, hex. */
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** When the token set a password, or was spent by another of the account's tokens doing so. */
    usedAt: timestamptz('used_at'),
  },
  (table) => [
    uniqueIndex('password_resets_token_hash_key').on(table.tokenHash),
    index('password_resets_user_id_idx').on(table.userId),
  ],
)

export const PURCHASE_MAIL_KINDS = ['receipt', 'commission'] as const
export type PurchaseMailKind = (typeof PURCHASE_MAIL_KINDS)[number]

/**
 * A mail a purchase owes: written in the purchase's transaction (one of each
 * kind a purchase, by the unique index), sent after it commits, and marked
 * sent. A retried checkout writes no purchase, so no second row and no second
 * mail; a failed send stays here to be tried again. The text is made when it
 * is sent, from the purchase, so nothing of it is stored twice.
 */
export const purchaseMail = pgTable(
  'purchase_mail',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: PURCHASE_MAIL_KINDS }).notNull(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    /** Who receives it: the buyer (receipt) or the coupon's employee (commission). */
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull(),
    /** Tries so far; a sender claims a row by raising it, so two never send the same mail at once. */
    attempts: integer('attempts').notNull().default(0),
    lastAttemptAt: timestamptz('last_attempt_at'),
    sentAt: timestamptz('sent_at'),
    /** Why the last try failed, in the transport's words (never the mail's text). */
    lastError: text('last_error'),
  },
  (table) => [
    uniqueIndex('purchase_mail_kind_subscription_key').on(table.kind, table.subscriptionId),
    index('purchase_mail_unsent_idx')
      .on(table.createdAt)
      .where(sql`${table.sentAt} is null`),
    check('purchase_mail_kind_check', sql`${table.kind} in ('receipt', 'commission')`),
  ],
)
