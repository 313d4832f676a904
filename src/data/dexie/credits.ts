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
  const used = new Map<string, number>()
  for (const subscription of subscriptions) {
    used.set(
      subscription.id,
      await db.letters.where('subscriptionId').equals(subscription.id).count(),
    )
  }
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
