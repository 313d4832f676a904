import { afterEach, describe, expect, it, vi } from 'vitest'
import { yieldToMain } from './yield-to-main'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('yieldToMain', () => {
  it('goes on in a later task where the browser has no scheduler.yield', async () => {
    vi.stubGlobal('scheduler', undefined)
    vi.useFakeTimers()
    let resumed = false
    const done = yieldToMain().then(() => {
      resumed = true
    })
    await Promise.resolve()
    expect(resumed).toBe(false)
    await vi.runAllTimersAsync()
    await done
    expect(resumed).toBe(true)
  })

  it('uses scheduler.yield where there is one, called on the scheduler', async () => {
    const scheduler = {
      yielded: 0,
      yield() {
        this.yielded += 1
        return Promise.resolve()
      },
    }
    vi.stubGlobal('scheduler', scheduler)
    await yieldToMain()
    expect(scheduler.yielded).toBe(1)
  })
})
