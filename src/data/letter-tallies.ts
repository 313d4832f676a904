import type { Subscription, User } from '@/domain/types'

/**
 * The stored tallies, worked out from the letters themselves: used where
 * rows arrive without trustworthy tallies (an upgrade, a restored backup).
 */

/** How many times each string occurs; anything else (a letter with no purchase) is skipped. */
export function tally(keys: Iterable<unknown>): Map<string, number> {
  const counts = new Map<string, number>()
  for (const key of keys) if (typeof key === 'string') counts.set(key, (counts.get(key) ?? 0) + 1)
  return counts
}

/** Sets a user's letter count; only users write letters, so other roles keep none. */
export function recountLetters(user: User, lettersByUser: ReadonlyMap<string, number>): void {
  if (user.role === 'user') user.letterCount = lettersByUser.get(user.id) ?? 0
  else delete user.letterCount
}

export function recountLettersUsed(
  subscription: Subscription,
  lettersBySubscription: ReadonlyMap<string, number>,
): void {
  subscription.lettersUsed = lettersBySubscription.get(subscription.id) ?? 0
}

type Rows = {
  users: readonly User[]
  letters: ReadonlyArray<{ userId?: unknown; subscriptionId?: unknown }>
  subscriptions: readonly Subscription[]
}

/** Recounts every user's letters and every purchase's letters used, in place. */
export function recountTallies({ users, letters, subscriptions }: Rows): void {
  const byUser = tally(letters.map((letter) => letter.userId))
  const bySubscription = tally(letters.map((letter) => letter.subscriptionId))
  for (const user of users) recountLetters(user, byUser)
  for (const subscription of subscriptions) recountLettersUsed(subscription, bySubscription)
}
