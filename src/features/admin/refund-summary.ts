import { formatCents } from '@/domain/money'
import type { RefundAnswer } from '@/domain/money-api'

const COMMISSION_DONE: Record<RefundAnswer['commission'], string> = {
  none: 'no commission to void',
  voided: 'commission voided',
  adjusted: 'paid commission taken back',
}

/** What a refund did, in one line: `Refunded $239.20; 3 unused letters withdrawn; commission voided`. */
export function refundSummary({ refund, commission }: RefundAnswer): string {
  const count = refund.lettersWithdrawn
  const letters =
    count === 0
      ? 'no unused letters to withdraw'
      : `${count} unused ${count === 1 ? 'letter' : 'letters'} withdrawn`
  return `Refunded ${formatCents(refund.amountCents)}; ${letters}; ${COMMISSION_DONE[commission]}`
}
