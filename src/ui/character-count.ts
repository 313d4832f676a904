import { formatCount } from '@/lib/format-count'

/** The counter appears once the text reaches this share of its limit, not before. */
export const NEAR_LIMIT_SHARE = 0.8

export type CountBand = 'quiet' | 'near' | 'over'

export type CharacterCount = { band: CountBand; text: string }

const characters = (n: number) => `${formatCount(n)} ${n === 1 ? 'character' : 'characters'}`

/**
 * How close `length` is to `limit`, in words a person reads and a screen reader
 * says: nothing far from the limit, what is left near it, how much is over past it.
 */
export function characterCount(length: number, limit: number): CharacterCount {
  if (length > limit) return { band: 'over', text: `${characters(length - limit)} over the limit` }
  if (length >= Math.ceil(limit * NEAR_LIMIT_SHARE)) {
    return { band: 'near', text: `${characters(limit - length)} left` }
  }
  return { band: 'quiet', text: '' }
}
