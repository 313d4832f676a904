import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { PlanId } from '@/domain/plans'
import { ownerId, synced, times, timestamptz, users } from './schema'

/**
 * Money on the server (DESIGN.md §8, decision 023). Every amount is integer
 * cents and written only by the server; a row that records money is never
 * updated in place: a change of state is a new row.
 */

/** A purchase of a plan, synced to its owner's devices (read-only there). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey(),
    ownerId: ownerId(),
    plan: text('plan').$type<PlanId>().notNull(),
    listCents: integer('list_cents').notNull(),
    discountPercent: integer('discount_percent').notNull(),
    discountCents: integer('discount_cents').notNull(),
    priceCents: integer('price_cents').notNull(),
    letters: integer('letters').notNull(),
    expiresAt: timestamptz('expires_at'),
    /** The employee whose coupon was used, and the code as it was then. */
    employeeId: uuid('employee_id').references(() => users.id, { onDelete: 'set null' }),
    couponCode: text('coupon_code'),
    gateway: text('gateway').notNull(),
    chargeId: text('charge_id').notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    ...synced,
    ...times,
  },
  (table) => [
    index('subscriptions_owner_id_version_idx').on(table.ownerId, table.version),
    index('subscriptions_employee_id_idx').on(table.employeeId),
    index('subscriptions_created_at_idx').on(table.createdAt, table.id),
    uniqueIndex('subscriptions_gateway_charge_key').on(table.gateway, table.chargeId),
    check('subscriptions_money_check', sql`${table.priceCents} >= 0 and ${table.listCents} >= 0`),
  ],
)

/**
 * A checkout's `Idempotency-Key`: claimed before the card is charged, and
 * holding the answer once the purchase is written, so a repeated request
 * answers the first result and never charges twice.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of what was asked (plan, coupon, card's last four), to refuse another purchase under the key. */
    requestHash: text('request_hash').notNull(),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, {
      onDelete: 'cascade',
    }),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [primaryKey({ name: 'idempotency_keys_pkey', columns: [table.userId, table.key] })],
)

/**
 * The truth about letter credits (decision 025): a purchase grants its
 * letters, a letter takes one (`letter`, -1) and gives it back when it fails
 * (`return`, +1), a refund withdraws what was unused, and a purchase made while
 * the buyer owed letters moves that debt onto itself (`settle`, a pair of rows
 * that sum to zero). A purchase's balance is the sum of its `delta`; below zero,
 * the buyer owes letters.
 */
export const LEDGER_REASONS = ['grant', 'letter', 'return', 'refund', 'settle'] as const
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: uuid('id').primaryKey(),
    ownerId: ownerId(),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id),
    letterId: uuid('letter_id'),
    delta: integer('delta').notNull(),
    reason: text('reason', { enum: LEDGER_REASONS }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    index('credit_ledger_owner_id_idx').on(table.ownerId),
    index('credit_ledger_subscription_id_idx').on(table.subscriptionId),
    check(
      'credit_ledger_reason_check',
      sql`${table.reason} in ('grant', 'letter', 'return', 'refund', 'settle')`,
    ),
  ],
)

/**
 * An employee's commission on one purchase made with their coupon: at most one
 * a purchase. Synced to the employee's devices (read-only there): `version` is
 * drawn again whenever an event changes its state, after locking the employee's row.
 */
export const commissions = pgTable(
  'commissions',
  {
    id: uuid('id').primaryKey(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    saleCents: integer('sale_cents').notNull(),
    commissionCents: integer('commission_cents').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('commissions_subscription_id_key').on(table.subscriptionId),
    index('commissions_employee_id_created_at_idx').on(table.employeeId, table.createdAt),
    index('commissions_employee_id_version_idx').on(table.employeeId, table.version),
  ],
)

/**
 * A commission's states, appended: pending when the sale is made, approved
 * after the refund window, paid with a payout, voided by a refund while
 * pending, or adjusted (a negative amount) by a refund after it was paid.
 */
export const commissionEvents = pgTable(
  'commission_events',
  {
    id: uuid('id').primaryKey(),
    /** The order events were written in: the last is the commission's state. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    commissionId: uuid('commission_id')
      .notNull()
      .references(() => commissions.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['pending', 'approved', 'paid', 'voided', 'adjusted'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** Who made the change: null for the server itself (a sale, the refund window). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    details: jsonb('details'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    index('commission_events_commission_id_idx').on(table.commissionId, table.createdAt),
    index('commission_events_commission_id_seq_idx').on(table.commissionId, table.seq),
    check(
      'commission_events_state_check',
      sql`${table.state} in ('pending', 'approved', 'paid', 'voided', 'adjusted')`,
    ),
  ],
)

/** An employee's referral totals, kept in the checkout's transaction. */
export const employeeTotals = pgTable('employee_totals', {
  employeeId: uuid('employee_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  referrals: integer('referrals').notNull().default(0),
  updatedAt: timestamptz('updated_at').notNull(),
})

/** A purchase refunded by an admin: at most one a purchase; the money moves back in full. */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    amountCents: integer('amount_cents').notNull(),
    /** The letters of the purchase not yet used, withdrawn from the buyer's credits. */
    lettersWithdrawn: integer('letters_withdrawn').notNull(),
    gatewayRefundId: text('gateway_refund_id').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [uniqueIndex('refunds_subscription_id_key').on(table.subscriptionId)],
)

/**
 * A Stripe webhook event already handled (decision 026), written in the same
 * transaction as what it caused, so an event delivered twice, or twice at
 * once, writes its purchase once.
 */
export const stripeEvents = pgTable('stripe_events', {
  /** Stripe's event id (`evt_…`). */
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** The purchase the event wrote; null when it wrote none (not paid, not one of ours). */
  subscriptionId: uuid('subscription_id').references(() => subscriptions.id),
  receivedAt: timestamptz('received_at').notNull(),
})
