/** One subscription's letters: granted, used, and when the rest lapse. */
export type LetterCredit = {
  subscriptionId: string
  plan: string
  granted: number
  used: number
  left: number
  expiresAt: string | null
  purchasedAt: string
}

export type Entitlements = {
  /** Letters the user may still write: those left, less any owed. */
  lettersLeft: number
  /**
   * Letters written beyond what purchases granted: two devices offline spent
   * the same last credit (DESIGN.md §8). The next purchase pays them first.
   */
  lettersOwed: number
  /** Active subscriptions with letters left, the one used first at the top. */
  credits: LetterCredit[]
  /** Annual 8 Letters' custom branding: when it ends; absent without a standing purchase of it. */
  customBrandingUntil?: string
}

export type CreditSource = {
  id: string
  plan: string
  letters: number
  expiresAt: string | null
  createdAt: string
}

export const isActive = (source: Pick<CreditSource, 'expiresAt'>, now: Date) =>
  source.expiresAt === null || Date.parse(source.expiresAt) > now.getTime()

/** Soonest expiry first, letters that never expire last; ties go to the older purchase. */
function spendOrder(a: LetterCredit, b: LetterCredit): number {
  if (a.expiresAt !== b.expiresAt) {
    if (a.expiresAt === null) return 1
    if (b.expiresAt === null) return -1
    return a.expiresAt < b.expiresAt ? -1 : 1
  }
  return a.purchasedAt < b.purchasedAt ? -1 : a.purchasedAt > b.purchasedAt ? 1 : 0
}

/**
 * Letters left = letters granted by active subscriptions minus letters
 * generated against them, listed in the order they are spent, less what is
 * owed: a purchase used beyond its letters (expired or not) owes the difference.
 */
export function entitlementsFrom(
  sources: readonly CreditSource[],
  usedBySubscription: ReadonlyMap<string, number>,
  now: Date,
): Entitlements {
  const usedOf = (source: CreditSource) => usedBySubscription.get(source.id) ?? 0
  const credits = sources
    .filter((source) => isActive(source, now))
    .map((source): LetterCredit => {
      const used = usedOf(source)
      return {
        subscriptionId: source.id,
        plan: source.plan,
        granted: source.letters,
        used,
        left: Math.max(0, source.letters - used),
        expiresAt: source.expiresAt,
        purchasedAt: source.createdAt,
      }
    })
    .filter((credit) => credit.left > 0)
    .sort(spendOrder)
  const left = credits.reduce((sum, credit) => sum + credit.left, 0)
  const lettersOwed = sources.reduce(
    (sum, source) => sum + Math.max(0, usedOf(source) - source.letters),
    0,
  )
  return { lettersLeft: Math.max(0, left - lettersOwed), lettersOwed, credits }
}
