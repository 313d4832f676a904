import { describe, expect, it } from 'vitest'
import { keyboardInset } from './keyboard-inset'

describe('keyboardInset', () => {
  it('is zero without a visual viewport or with the keyboard closed', () => {
    expect(keyboardInset(800, null)).toBe(0)
    expect(keyboardInset(800, { height: 800, offsetTop: 0 })).toBe(0)
  })

  it('is the height the keyboard takes from the bottom', () => {
    expect(keyboardInset(800, { height: 460, offsetTop: 0 })).toBe(340)
  })

  it('allows for a visual viewport scrolled down within the page', () => {
    expect(keyboardInset(800, { height: 460, offsetTop: 100.4 })).toBe(240)
  })

  it('never goes below zero when the visual viewport is taller (pinch zoom out)', () => {
    expect(keyboardInset(800, { height: 820, offsetTop: 0 })).toBe(0)
  })
})
