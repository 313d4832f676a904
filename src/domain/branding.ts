import { isActive } from './credits'
import type { PlanId } from './plans'

/** The plan whose "Custom branding" prints the account's letterhead on its PDF and Word letters. */
export const BRANDING_PLAN: PlanId = 'annual8'

export type BrandingSource = {
  plan: string
  expiresAt: string | null
  /** Server mode: set when an admin refunded the purchase. */
  refundedAt?: string | undefined
}

/**
 * Until when the account's letterhead prints: the latest expiry of its Annual 8
 * Letters purchases that stand (not refunded) and have not expired; null
 * without one. Branding lasts the plan's year even once its letters are used.
 */
export function customBrandingUntil(
  purchases: readonly BrandingSource[],
  now: Date,
): string | null {
  let until: string | null = null
  for (const purchase of purchases) {
    if (purchase.plan !== BRANDING_PLAN || purchase.refundedAt) continue
    if (!isActive(purchase, now) || purchase.expiresAt === null) continue
    if (until === null || purchase.expiresAt > until) until = purchase.expiresAt
  }
  return until
}
