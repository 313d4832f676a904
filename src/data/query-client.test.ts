import { describe, expect, it } from 'vitest'
import { AppError } from '@/domain/errors'
import { createQueryClient, isTransient } from './query-client'

describe('the query client', () => {
  it("has the seed's constants", () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions()
    expect(queries?.staleTime).toBe(5 * 60_000)
    expect(queries?.gcTime).toBe(10 * 60_000)
    const delay = queries?.retryDelay
    if (typeof delay !== 'function') throw new Error('retryDelay is not a function')
    const error = new AppError('SERVER_UNREACHABLE')
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => delay(n, error))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ])
    const queryRetry = queries?.retry
    const mutationRetry = mutations?.retry
    if (typeof queryRetry !== 'function' || typeof mutationRetry !== 'function')
      throw new Error('retry is not a function')
    expect([0, 1, 2, 3].map((n) => queryRetry(n, error))).toEqual([true, true, true, false])
    expect([0, 1].map((n) => mutationRetry(n, error))).toEqual([true, false])
  })

  it('does not repeat a refusal', () => {
    expect(isTransient(new AppError('SERVER_UNREACHABLE'))).toBe(true)
    expect(isTransient(new TypeError('closed'))).toBe(true)
    expect(isTransient(new AppError('WRONG_CURRENT_PASSWORD'))).toBe(false)
    expect(isTransient(new AppError('ACCOUNT_NEEDS_CONNECTION'))).toBe(false)
    expect(isTransient(new AppError('SESSION_ENDED'))).toBe(false)
  })
})
