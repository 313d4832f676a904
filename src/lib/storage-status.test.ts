import { describe, expect, it } from 'vitest'
import { formatBytes } from './storage-status'

describe('formatBytes', () => {
  it('writes sizes the way people read them', () => {
    expect(formatBytes(0)).toBe('0 bytes')
    expect(formatBytes(1536)).toBe('1.5 KB')
    expect(formatBytes(5 * 1024 ** 3)).toBe('5 GB')
  })
})
