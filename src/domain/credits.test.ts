import { describe, expect, it } from 'vitest'
import { entitlementsFrom } from './credits'

const now = new Date('2026-11-22T12:00:00Z')
const source = (
  id: string,
  letters: number,
  expiresAt: string | null,
  createdAt = '2026-01-01T00:00:00Z',
) => ({
  id,
  plan: 'annual4',
  letters,
  expiresAt,
  createdAt,
})

describe('letter credits', () => {
  it('adds up what active subscriptions grant minus what was used', () => {
    const result = entitlementsFrom(
      [source('a', 4, '2027-01-01T00:00:00Z'), source('b', 1, null)],
      new Map([['a', 3]]),
      now,
    )
    expect(result.lettersLeft).toBe(2)
    expect(result.credits.map((c) => [c.subscriptionId, c.left])).toEqual([
      ['a', 1],
      ['b', 1],
    ])
  })

  it('counts letters used beyond a purchase as owed, and takes them from what is left', () => {
    const result = entitlementsFrom(
      [source('spent', 1, null), source('other', 4, null)],
      new Map([
        ['spent', 2],
        ['other', 1],
      ]),
      now,
    )
    expect(result.lettersOwed).toBe(1)
    expect(result.lettersLeft).toBe(2)
    // An expired purchase used beyond its letters still owes them.
    const expired = entitlementsFrom(
      [source('old', 1, '2026-11-22T12:00:00Z')],
      new Map([['old', 3]]),
      now,
    )
    expect(expired).toEqual({ lettersLeft: 0, lettersOwed: 2, credits: [] })
  })

  it('drops expired subscriptions and used-up ones', () => {
    const result = entitlementsFrom(
      [source('old', 4, '2026-11-22T12:00:00Z'), source('done', 1, null)],
      new Map([['done', 1]]),
      now,
    )
    expect(result).toEqual({ lettersLeft: 0, lettersOwed: 0, credits: [] })
  })

  it('spends the soonest-expiring first, never-expiring last, older purchase on a tie', () => {
    const result = entitlementsFrom(
      [
        source('single', 1, null, '2026-01-01T00:00:00Z'),
        source('late', 8, '2027-06-01T00:00:00Z'),
        source('soon-new', 4, '2027-01-01T00:00:00Z', '2026-03-01T00:00:00Z'),
        source('soon-old', 4, '2027-01-01T00:00:00Z', '2026-02-01T00:00:00Z'),
      ],
      new Map(),
      now,
    )
    expect(result.credits.map((c) => c.subscriptionId)).toEqual([
      'soon-old',
      'soon-new',
      'late',
      'single',
    ])
  })
})
