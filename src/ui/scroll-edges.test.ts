import { describe, expect, it } from 'vitest'
import { scrollEdges } from './scroll-edges'

describe('scrollEdges', () => {
  it('shows no fade when everything fits', () => {
    expect(scrollEdges({ scrollLeft: 0, scrollWidth: 800, clientWidth: 800 })).toEqual({
      start: false,
      end: false,
    })
  })

  it('ignores a sub-pixel overflow from rounding', () => {
    expect(scrollEdges({ scrollLeft: 0, scrollWidth: 800.6, clientWidth: 800 })).toEqual({
      start: false,
      end: false,
    })
  })

  it('shows only the end fade before any scrolling', () => {
    expect(scrollEdges({ scrollLeft: 0, scrollWidth: 1200, clientWidth: 800 })).toEqual({
      start: false,
      end: true,
    })
  })

  it('shows both fades in the middle', () => {
    expect(scrollEdges({ scrollLeft: 200, scrollWidth: 1200, clientWidth: 800 })).toEqual({
      start: true,
      end: true,
    })
  })

  it('shows only the start fade at the far end, even a fraction short of it', () => {
    expect(scrollEdges({ scrollLeft: 399.5, scrollWidth: 1200, clientWidth: 800 })).toEqual({
      start: true,
      end: false,
    })
  })
})
