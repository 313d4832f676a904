import { describe, expect, it } from 'vitest'
import { describeWait, lockDurationMs, lockRemainingMs, registerFailure } from './sign-in-throttle'

describe('sign-in throttle', () => {
  it('locks from the fifth failure, doubling up to an hour', () => {
    expect([4, 5, 6, 7, 20].map(lockDurationMs)).toEqual([0, 60_000, 120_000, 240_000, 3_600_000])
  })

  it('counts only failures in the last 15 minutes', () => {
    const start = new Date('2026-11-22T00:00:00Z')
    let record = registerFailure(undefined, 'a@b.c', start)
    for (let i = 0; i < 3; i++) record = registerFailure(record, 'a@b.c', start)
    const later = new Date(start.getTime() + 15 * 60_000)
    record = registerFailure(record, 'a@b.c', later)
    expect(record.failures).toHaveLength(1)
    expect(lockRemainingMs(record, later)).toBe(0)
  })

  it('describes the wait in words', () => {
    expect(describeWait(1_000)).toBe('1 second')
    expect(describeWait(45_000)).toBe('45 seconds')
    expect(describeWait(60_000)).toBe('1 minute')
    expect(describeWait(61_000)).toBe('2 minutes')
  })
})
