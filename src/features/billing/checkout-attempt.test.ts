import { describe, expect, it } from 'vitest'
import { attemptKeyFor, finishAttempt } from './checkout-attempt'

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

const purchase = { userId: 'u1', planId: 'single', couponCode: 'EMPAAAAAA' }

describe('checkout attempts', () => {
  it('give the same purchase the same key, in any tab, until it is finished', () => {
    const storage = memoryStorage()
    const first = attemptKeyFor(purchase, 0, storage)
    expect(attemptKeyFor({ ...purchase }, 1000, storage)).toBe(first)
    finishAttempt(first, storage)
    expect(attemptKeyFor(purchase, 2000, storage)).not.toBe(first)
  })

  it('start a new attempt for another plan, coupon or person, or after 30 minutes', () => {
    const storage = memoryStorage()
    const first = attemptKeyFor(purchase, 0, storage)
    expect(attemptKeyFor({ ...purchase, couponCode: null }, 0, storage)).not.toBe(first)
    const second = attemptKeyFor(purchase, 0, storage)
    expect(attemptKeyFor(purchase, 30 * 60_000, storage)).not.toBe(second)
  })

  it('survive unreadable storage', () => {
    const storage = memoryStorage()
    storage.setItem('letterhead.checkout-attempt', '{not json')
    expect(attemptKeyFor(purchase, 0, storage)).toMatch(/^[0-9a-f-]{36}$/)
  })
})
