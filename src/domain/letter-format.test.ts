import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { groupedFingerprint, letterFingerprint } from './fingerprint'
import { formatAmount, formatDay, joinAnd } from './letter-format'

describe('how letters write facts', () => {
  it('writes amounts exactly, in their currency', () => {
    expect(formatAmount(425_000)).toBe('$4,250.00')
    expect(formatAmount(8_005, 'GBP')).toBe('£80.05')
    expect(formatAmount(1, 'EUR')).toBe('€0.01')
  })

  it('writes days out', () => {
    expect(formatDay('2026-08-31')).toBe('August 31, 2026')
  })

  it('joins lists as a sentence does', () => {
    expect(joinAnd([])).toBe('')
    expect(joinAnd(['a'])).toBe('a')
    expect(joinAnd(['a', 'b'])).toBe('a and b')
    expect(joinAnd(['a', 'b', 'c'])).toBe('a, b and c')
  })
})

describe('a letter’s fingerprint', () => {
  it('is the SHA-256 of its UTF-8 text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme' }), async (text) => {
        expect(await letterFingerprint(text)).toBe(createHash('sha256').update(text).digest('hex'))
      }),
      { numRuns: 50 },
    )
  })

  it('is printed in groups of eight', () => {
    expect(groupedFingerprint('a'.repeat(64)).split(' ')).toHaveLength(8)
  })
})
