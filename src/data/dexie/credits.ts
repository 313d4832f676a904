import { type Entitlements, entitlementsFrom } from '@/domain/credits'
import { AppError } from '@/domain/errors'
import type { Subscription } from '@/domain/types'
import type { LetterheadDatabase } from '../database'

/** A user's purchases, each carrying how many of its letters are used. */
export const purchasesOf = (db: LetterheadDatabase, userId: string): Promise<Subscription[]> =>
  db.subscriptions.where('userId').equals(userId).toArray()

/** Letters left on `purchases`, from the tally each one keeps. */
export function entitlementsOf(purchases: readonly Subscription[], now: Date): Entitlements {
  const used = new Map(purchases.map((purchase) => [purchase.id, purchase.lettersUsed]))
  return entitlementsFrom(purchases, used, now)
}

/** The purchase the next letter's credit comes from; with none left the whole write is refused. */
export function purchaseToSpend(purchases: readonly Subscription[], now: Date): Subscription {
  const first = entitlementsOf(purchases, now).credits[0]
  const purchase = purchases.find((candidate) => candidate.id === first?.subscriptionId)
  if (!purchase) throw new AppError('NO_LETTERS_LEFT')
  return purchase
}
