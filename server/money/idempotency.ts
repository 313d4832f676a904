import { and, eq, isNull } from 'drizzle-orm'
import { AppError } from '@/domain/errors'
import type { Db } from '../db/database'
import { idempotencyKeys, subscriptions } from '../db/money-schema'
import type { SubscriptionRow } from './purchase'

type KeyRow = typeof idempotencyKeys.$inferSelect

/**
 * A checkout's `Idempotency-Key` (decision 023): `claimed` when this request
 * took it, or `held` by an earlier request for the same purchase, with the
 * subscription once that one is written. Another purchase under the key is a
 * conflict. What a held key means (in progress, stale, a page still open) is
 * the gateway's to say.
 */
export type KeyClaim =
  { state: 'claimed' } | { state: 'held'; held: KeyRow; subscription: SubscriptionRow | undefined }

export async function claimKey(
  db: Db,
  userId: string,
  key: string,
  requestHash: string,
  now: Date,
): Promise<KeyClaim> {
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
  if (claimed.length > 0) return { state: 'claimed' }
  const [held] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
  // Released meanwhile (that checkout failed): this one may try.
  if (!held) return claimKey(db, userId, key, requestHash, now)
  if (held.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_CONFLICT')
  if (!held.subscriptionId) return { state: 'held', held, subscription: undefined }
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, held.subscriptionId))
  return { state: 'held', held, subscription }
}

/** Gives the key back after a checkout that bought nothing, so the same key may try again. */
export async function releaseKey(db: Db, userId: string, key: string) {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        isNull(idempotencyKeys.subscriptionId),
      ),
    )
}
