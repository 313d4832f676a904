import type { Subscription, User } from '@/domain/types'
import type { LetterheadDatabase } from '../database'

/*
 * Writes that move the stored tallies. Each runs inside the caller's
 * transaction, so a tally and the letter that moves it are written together
 * or not at all.
 */

/** The purchase with `by` more of its letters used. */
const withLettersUsed = (purchase: Subscription, by: number, at: string): Subscription => ({
  ...purchase,
  lettersUsed: purchase.lettersUsed + by,
  updatedAt: at,
})

/** One more of the purchase's letters is used. */
export const spendCredit = (db: LetterheadDatabase, purchase: Subscription, at: string) =>
  db.subscriptions.put(withLettersUsed(purchase, 1, at))

/** The user has one more letter. */
export const countNewLetter = (db: LetterheadDatabase, owner: User, at: string) =>
  db.users.put({ ...owner, letterCount: (owner.letterCount ?? 0) + 1, updatedAt: at })

async function addLettersUsed(db: LetterheadDatabase, id: string, by: number, at: string) {
  const purchase = await db.subscriptions.get(id)
  // A letter naming a purchase that is gone counts against nothing, as a recount would find.
  if (!purchase) return
  await db.subscriptions.put(withLettersUsed(purchase, by, at))
}

/** A letter's credit moves from one purchase to another; either may be none. */
export async function moveCredit(
  db: LetterheadDatabase,
  from: string | undefined,
  to: string | undefined,
  at: string,
): Promise<void> {
  if (from === to) return
  await Promise.all([
    from === undefined ? undefined : addLettersUsed(db, from, -1, at),
    to === undefined ? undefined : addLettersUsed(db, to, 1, at),
  ])
}
