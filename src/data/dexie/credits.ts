import { type Entitlements, entitlementsFrom } from '@/domain/credits'
import { AppError } from '@/domain/errors'
import type { User } from '@/domain/types'
import type { LetterheadDatabase } from '../database'

/** A user's letters left; a letter counts against the subscription it names. */
export async function entitlementsOf(
  db: LetterheadDatabase,
  userId: string,
  now: Date,
): Promise<Entitlements> {
  const subscriptions = await db.subscriptions.where('userId').equals(userId).toArray()
  // Counted side by side: one round trip for every purchase instead of one each.
  const counts = await Promise.all(
    subscriptions.map((subscription) =>
      db.letters.where('subscriptionId').equals(subscription.id).count(),
    ),
  )
  const used = new Map(
    subscriptions.map((subscription, index) => [subscription.id, counts[index] ?? 0]),
  )
  return entitlementsFrom(subscriptions, used, now)
}

/**
 * Takes one letter credit inside the caller's transaction and returns the
 * subscription it came from; with none left the whole write is refused.
 */
export async function takeLetterCredit(
  db: LetterheadDatabase,
  user: User,
  now: Date,
): Promise<string> {
  const { credits } = await entitlementsOf(db, user.id, now)
  const first = credits[0]
  if (!first) throw new AppError('NO_LETTERS_LEFT')
  return first.subscriptionId
}
