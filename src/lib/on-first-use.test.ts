import { describe, expect, it } from 'vitest'
import { onFirstUse } from './on-first-use'

describe('onFirstUse', () => {
  it('makes the value once, when first asked for', () => {
    let made = 0
    const value = onFirstUse(() => ({ made: ++made }))
    expect(made).toBe(0)
    expect(value()).toBe(value())
    expect(made).toBe(1)
  })
})
