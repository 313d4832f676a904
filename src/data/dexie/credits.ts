import { customBrandingUntil } from '@/domain/branding'
import { type Entitlements, entitlementsFrom } from '@/domain/credits'
import { AppError } from '@/domain/errors'
import type { Subscription } from '@/domain/types'
import type { LetterheadDatabase } from '../database'

/** A user's purchases, each carrying how many of its letters are used. */
export const purchasesOf = (db: LetterheadDatabase, userId: string): Promise<Subscription[]> =>
  db.subscriptions.where('userId').equals(userId).toArray()

/**
 * Letters left on `purchases`, from the tally each one keeps of its letters,
 * and what the server withdrew from it or moved onto it (server mode); and
 * until when Annual 8 Letters' custom branding lasts, when it does.
 */
export function entitlementsOf(purchases: readonly Subscription[], now: Date): Entitlements {
  const used = new Map(
    purchases.map((purchase) => [
      purchase.id,
      purchase.lettersUsed + (purchase.lettersWithdrawn ?? 0),
    ]),
  )
  const entitlements = entitlementsFrom(purchases, used, now)
  const brandingUntil = customBrandingUntil(purchases, now)
  return brandingUntil === null
    ? entitlements
    : { ...entitlements, customBrandingUntil: brandingUntil }
}

/** The purchase the next letter's credit comes from; with none left the whole write is refused. */
export function purchaseToSpend(purchases: readonly Subscription[], now: Date): Subscription {
  const entitlements = entitlementsOf(purchases, now)
  if (entitlements.lettersLeft === 0) {
    throw new AppError(entitlements.lettersOwed > 0 ? 'LETTERS_OWED' : 'NO_LETTERS_LEFT')
  }
  const first = entitlements.credits[0]
  const purchase = purchases.find((candidate) => candidate.id === first?.subscriptionId)
  if (!purchase) throw new AppError('NO_LETTERS_LEFT')
  return purchase
}
