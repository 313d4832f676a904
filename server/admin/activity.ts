import { type AnyColumn, and, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { AdminLetterRow, AdminSubscriptionRow } from '@/domain/admin-api'
import type { Db } from '../db/database'
import { refunds, subscriptions } from '../db/money-schema'
import { letters, users } from '../db/schema'
import { below, contains, createdWithin, type Keyed, rowKeyAt, type TableQuery } from './keyset'

const MATCHED_OWNER = 'matched_owner'
const matchedOwner = alias(users, MATCHED_OWNER)

/**
 * The row's owner is an account whose name or email contains the pattern.
 * `= any(array(…))` makes the accounts one list worked out first, which the
 * owner_id index takes, so it joins the other columns' trigram reads in one
 * bitmap rather than turning the search into a scan.
 */
export function ownedByMatch(ownerId: AnyColumn, pattern: string): SQL {
  return sql`${ownerId} = any(array(
    select ${matchedOwner.id} from ${users} as ${sql.identifier(MATCHED_OWNER)}
    where ${contains(pattern, matchedOwner.fullName, matchedOwner.email)}
  ))`
}

/** Letters (never their text or addresses) with their owner; tombstones are not listed. */
export async function readLetters(db: Db, query: TableQuery): Promise<Keyed<AdminLetterRow>[]> {
  const { pattern } = query
  const rows = await db
    .select({
      id: letters.id,
      type: letters.type,
      matter: letters.matter,
      senderName: letters.senderName,
      recipientName: letters.recipientName,
      status: letters.status,
      ownerName: users.fullName,
      ownerEmail: users.email,
      createdAt: letters.createdAt,
      at: rowKeyAt(letters.createdAt),
    })
    .from(letters)
    .innerJoin(users, eq(users.id, letters.ownerId))
    .where(
      and(
        isNull(letters.deletedAt),
        below(letters.createdAt, letters.id, query.after),
        ...createdWithin(letters.createdAt, query.range),
        pattern === null
          ? undefined
          : or(
              contains(pattern, letters.recipientName, letters.matter),
              ownedByMatch(letters.ownerId, pattern),
            ),
      ),
    )
    .orderBy(desc(letters.createdAt), desc(letters.id))
    .limit(query.limit)
  return rows.map(({ at, createdAt, ...row }) => ({
    row: { ...row, createdAt: createdAt.toISOString() },
    key: { at, id: row.id },
  }))
}

/** Purchases with their customer and their refund, if any (at most one); no card detail is read. */
export async function readSubscriptions(
  db: Db,
  query: TableQuery,
): Promise<Keyed<AdminSubscriptionRow>[]> {
  const { pattern } = query
  const rows = await db
    .select({
      id: subscriptions.id,
      customerName: users.fullName,
      customerEmail: users.email,
      plan: subscriptions.plan,
      priceCents: subscriptions.priceCents,
      discountCents: subscriptions.discountCents,
      discountPercent: subscriptions.discountPercent,
      couponCode: subscriptions.couponCode,
      createdAt: subscriptions.createdAt,
      refundedAt: refunds.createdAt,
      at: rowKeyAt(subscriptions.createdAt),
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.ownerId))
    .leftJoin(refunds, eq(refunds.subscriptionId, subscriptions.id))
    .where(
      and(
        isNull(subscriptions.deletedAt),
        below(subscriptions.createdAt, subscriptions.id, query.after),
        ...createdWithin(subscriptions.createdAt, query.range),
        pattern === null
          ? undefined
          : or(
              contains(pattern, subscriptions.couponCode),
              ownedByMatch(subscriptions.ownerId, pattern),
            ),
      ),
    )
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(query.limit)
  return rows.map(({ at, createdAt, refundedAt, ...row }) => ({
    row: {
      ...row,
      createdAt: createdAt.toISOString(),
      refundedAt: refundedAt?.toISOString() ?? null,
    },
    key: { at, id: row.id },
  }))
}
