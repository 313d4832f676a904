import type { Entitlements } from '@/domain/credits'

/**
 * What the app knew when it sent the customer to Stripe's page, so that on
 * their return it can tell the purchase that arrives by sync from the ones
 * before: the checkout's key, and the purchases this device already counted.
 * Kept in localStorage, since the page is left and loaded again.
 */
const STORAGE_KEY = 'letterhead.stripe-departure'
/** As long as Stripe keeps a Checkout Session open. */
const DEPARTURE_TTL_MS = 24 * 60 * 60_000

export type Departure = {
  userId: string
  /** The checkout's idempotency key: its attempt is over once the purchase has arrived. */
  key: string
  /** The purchases with letters left before leaving. */
  knownSubscriptionIds: string[]
  leftAt: number
  /** Letters the purchase added, once it has arrived. */
  arrivedLetters?: number
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>

export function rememberDeparture(departure: Departure, storage: Storage = localStorage): void {
  storage.setItem(STORAGE_KEY, JSON.stringify(departure))
}

/** `userId`'s latest departure for Stripe, unless it is older than any session Stripe keeps. */
export function readDeparture(
  userId: string,
  now: number = Date.now(),
  storage: Storage = localStorage,
): Departure | null {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null')
    if (!parsed || typeof parsed !== 'object' || !('knownSubscriptionIds' in parsed)) return null
    const departure = parsed as Departure
    const fresh = now - departure.leftAt < DEPARTURE_TTL_MS
    return departure.userId === userId && fresh ? departure : null
  } catch {
    return null
  }
}

/** Letters granted by purchases this device did not count before leaving; 0 while none has arrived. */
export function lettersAdded(entitlements: Entitlements, known: readonly string[]): number {
  return entitlements.credits
    .filter((credit) => !known.includes(credit.subscriptionId))
    .reduce((sum, credit) => sum + credit.granted, 0)
}
