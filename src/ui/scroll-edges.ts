import { useCallback, useEffect, useState } from 'react'

export type ScrollEdges = { start: boolean; end: boolean }

type ScrollMetrics = { scrollLeft: number; scrollWidth: number; clientWidth: number }

/** Browsers report fractional scroll positions on zoomed screens; a pixel's slack ignores them. */
const SLACK = 1

/**
 * Which sideways edges hide more content: the start once the box has been
 * scrolled, the end while there is still content past the right border.
 */
export function scrollEdges({ scrollLeft, scrollWidth, clientWidth }: ScrollMetrics): ScrollEdges {
  const hidden = scrollWidth - clientWidth
  if (hidden <= SLACK) return { start: false, end: false }
  return { start: scrollLeft > SLACK, end: scrollLeft < hidden - SLACK }
}

const NONE: ScrollEdges = { start: false, end: false }

/**
 * Follows a sideways-scrolling box: the edges worth a fade are measured again
 * whenever it scrolls or its size (or its content's) changes.
 */
export function useScrollEdges<T extends HTMLElement>() {
  const [node, setNode] = useState<T | null>(null)
  const [edges, setEdges] = useState<ScrollEdges>(NONE)

  useEffect(() => {
    if (!node) return
    const measure = () => {
      const next = scrollEdges(node)
      // A new object every scroll event would re-render for nothing.
      setEdges((previous) =>
        previous.start === next.start && previous.end === next.end ? previous : next,
      )
    }
    measure()
    node.addEventListener('scroll', measure, { passive: true })
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure)
    observer?.observe(node)
    for (const child of Array.from(node.children)) observer?.observe(child)
    return () => {
      node.removeEventListener('scroll', measure)
      observer?.disconnect()
    }
  }, [node])

  const ref = useCallback((element: T | null) => setNode(element), [])
  return { ref, edges, node }
}
