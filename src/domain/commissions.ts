import { REFUND_WINDOW_DAYS } from './money'

/**
 * A commission's states (DESIGN.md §8): pending when the sale is made,
 * approved once the refund window has passed, paid with a payout; a refund
 * voids it before it is paid, or takes it back by an adjustment after.
 */
export const COMMISSION_STATES = ['pending', 'approved', 'paid', 'voided', 'adjusted'] as const
export type CommissionState = (typeof COMMISSION_STATES)[number]

export const COMMISSION_STATE_LABELS: Record<CommissionState, string> = {
  pending: 'Pending',
  approved: 'Approved',
  paid: 'Paid',
  voided: 'Voided',
  adjusted: 'Refunded after payment',
}

const DAY_MS = 86_400_000

/** The state as of `now`: a pending commission whose refund window has passed reads as approved. */
export function commissionStateAt(
  recorded: CommissionState,
  createdAt: string | Date,
  now: Date,
): CommissionState {
  if (recorded !== 'pending') return recorded
  const windowEnds = new Date(createdAt).getTime() + REFUND_WINDOW_DAYS * DAY_MS
  return windowEnds <= now.getTime() ? 'approved' : 'pending'
}

/** What a commission earns its employee: nothing once voided or taken back. */
export const earnedCents = (state: CommissionState, amountCents: number) =>
  state === 'voided' || state === 'adjusted' ? 0 : amountCents

export type EarningsSummary = { referrals: number; earningsCents: number; averageCents: number }

/**
 * The portal's figures: every referral counts, earnings leave out what was
 * voided or taken back, and the average is over the referrals not voided.
 */
export function summarizeEarnings(
  lines: ReadonlyArray<{ state: CommissionState; amountCents: number }>,
): EarningsSummary {
  const earningsCents = lines.reduce(
    (sum, line) => sum + earnedCents(line.state, line.amountCents),
    0,
  )
  const counted = lines.filter((line) => line.state !== 'voided').length
  return {
    referrals: lines.length,
    earningsCents,
    averageCents: counted === 0 ? 0 : Math.round(earningsCents / counted),
  }
}
