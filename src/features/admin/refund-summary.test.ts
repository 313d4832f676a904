import { describe, expect, it } from 'vitest'
import type { RefundAnswer } from '@/domain/money-api'
import { refundSummary } from './refund-summary'

const answer = (
  lettersWithdrawn: number,
  commission: RefundAnswer['commission'],
): RefundAnswer => ({
  refund: {
    id: '7d8f6c1e-2c1a-4f1e-9b8a-0c3d2e1f4a5b',
    subscriptionId: '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d',
    amountCents: 23_920,
    lettersWithdrawn,
    createdAt: '2026-11-25T09:00:00.000Z',
  },
  commission,
})

describe('refundSummary', () => {
  it('says the money, the letters withdrawn and what became of the commission', () => {
    expect(refundSummary(answer(3, 'voided'))).toBe(
      'Refunded $239.20; 3 unused letters withdrawn; commission voided',
    )
    expect(refundSummary(answer(1, 'adjusted'))).toBe(
      'Refunded $239.20; 1 unused letter withdrawn; paid commission taken back',
    )
    expect(refundSummary(answer(0, 'none'))).toBe(
      'Refunded $239.20; no unused letters to withdraw; no commission to void',
    )
  })
})
