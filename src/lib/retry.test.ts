import { describe, expect, it, vi } from 'vitest'
import { RETRY_POLICY, retryDelayMs, type Sleep, withRetries } from './retry'

const noWait = () => vi.fn<Sleep>(() => Promise.resolve())

describe('the retry policy', () => {
  it('retries queries 3 times and mutations once', () => {
    expect(RETRY_POLICY.queryRetries).toBe(3)
    expect(RETRY_POLICY.mutationRetries).toBe(1)
  })

  it('backs off from 1 s, doubling, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(retryDelayMs)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ])
  })
})

describe('withRetries', () => {
  it('repeats a retryable failure, waiting the policy’s delays, until it succeeds', async () => {
    const sleep = noWait()
    const once = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('a'))
      .mockRejectedValueOnce(new Error('b'))
      .mockResolvedValue('done')
    const result = await withRetries({ retries: 3, retryable: () => true, sleep }, once)
    expect(result).toBe('done')
    expect(once).toHaveBeenCalledTimes(3)
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([1_000, 2_000])
  })

  it('gives up after the allowed retries with the last error', async () => {
    let call = 0
    const once = () => Promise.reject(new Error(`failure ${++call}`))
    await expect(
      withRetries(
        { retries: RETRY_POLICY.mutationRetries, retryable: () => true, sleep: noWait() },
        once,
      ),
    ).rejects.toThrow('failure 2')
  })

  it('throws a failure that is not retryable at once', async () => {
    const once = vi.fn(() => Promise.reject(new Error('bad request')))
    await expect(
      withRetries({ retries: 3, retryable: () => false, sleep: noWait() }, once),
    ).rejects.toThrow('bad request')
    expect(once).toHaveBeenCalledTimes(1)
  })

  it('stops retrying once the caller has cancelled', async () => {
    const controller = new AbortController()
    const once = vi.fn(() => {
      controller.abort()
      return Promise.reject(new Error('cancelled'))
    })
    await expect(
      withRetries(
        { retries: 3, retryable: () => true, sleep: noWait(), signal: controller.signal },
        once,
      ),
    ).rejects.toThrow('cancelled')
    expect(once).toHaveBeenCalledTimes(1)
  })
})
