import { describe, expect, it } from 'vitest'
import { customBrandingUntil } from './branding'

const now = new Date('2026-11-22T12:00:00Z')
const purchase = (plan: string, expiresAt: string | null, refundedAt?: string) => ({
  plan,
  expiresAt,
  refundedAt,
})

describe('customBrandingUntil', () => {
  it('lasts as long as the latest Annual 8 Letters purchase that stands', () => {
    expect(
      customBrandingUntil(
        [purchase('annual8', '2027-01-01T00:00:00Z'), purchase('annual8', '2027-06-01T00:00:00Z')],
        now,
      ),
    ).toBe('2027-06-01T00:00:00Z')
  })

  it('is not had with other plans, an expired purchase or a refunded one', () => {
    expect(customBrandingUntil([purchase('annual4', '2027-01-01T00:00:00Z')], now)).toBeNull()
    expect(customBrandingUntil([purchase('single', null)], now)).toBeNull()
    expect(customBrandingUntil([purchase('annual8', '2026-11-22T12:00:00Z')], now)).toBeNull()
    expect(
      customBrandingUntil(
        [purchase('annual8', '2027-01-01T00:00:00Z', '2026-11-01T00:00:00Z')],
        now,
      ),
    ).toBeNull()
    expect(customBrandingUntil([], now)).toBeNull()
  })
})
