import { expect } from 'vitest'
import type { LetterheadDatabase } from '@/data/database'

/**
 * Every stored tally equals a count of the rows themselves: each user's
 * letters and each purchase's letters used. Accounts of other roles keep no count.
 */
export async function expectTalliesMatchRows(db: LetterheadDatabase): Promise<void> {
  // One read transaction, so a write in between cannot make the rows disagree.
  const [users, subscriptions, letters] = await db.transaction(
    'r',
    [db.users, db.subscriptions, db.letters],
    () => Promise.all([db.users.toArray(), db.subscriptions.toArray(), db.letters.toArray()]),
  )
  const customers = users.filter((user) => user.role === 'user')
  const stored = {
    letterCount: customers.map((user) => [user.id, user.letterCount]),
    lettersUsed: subscriptions.map((purchase) => [purchase.id, purchase.lettersUsed]),
  }
  const counted = {
    letterCount: customers.map((user) => [
      user.id,
      letters.filter((letter) => letter.userId === user.id).length,
    ]),
    lettersUsed: subscriptions.map((purchase) => [
      purchase.id,
      letters.filter((letter) => letter.subscriptionId === purchase.id).length,
    ]),
  }
  expect(stored).toEqual(counted)
  const othersCounted = users.filter((user) => user.role !== 'user' && 'letterCount' in user)
  expect(othersCounted).toEqual([])
}
