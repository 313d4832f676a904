import { describe, expect, it } from 'vitest'
import { formatCount } from './format-count'

describe('formatCount', () => {
  it('writes counts as en-US Intl does', () => {
    for (const value of [
      0, 7, 42, 999, 1000, 1043, 12_000, 100_000, 1_234_567, -1, -1000, -98_765_432,
    ])
      expect(formatCount(value), String(value)).toBe(value.toLocaleString('en-US'))
    expect(formatCount(Number.MAX_SAFE_INTEGER)).toBe('9,007,199,254,740,991')
  })

  it('leaves what is not a safe whole number to Intl', () => {
    expect(formatCount(1234.5)).toBe('1,234.5')
    expect(formatCount(Number.NaN)).toBe('NaN')
    expect(formatCount(Infinity)).toBe('∞')
  })
})
