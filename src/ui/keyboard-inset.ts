import { useSyncExternalStore } from 'react'

type Viewport = { height: number; offsetTop: number }

/**
 * How much of the window's bottom an on-screen keyboard covers: the part of
 * the layout viewport below the visual one. Zero when nothing covers it.
 */
export function keyboardInset(innerHeight: number, viewport: Viewport | null): number {
  if (!viewport) return 0
  return Math.max(0, Math.round(innerHeight - viewport.height - viewport.offsetTop))
}

function subscribe(onChange: () => void) {
  const viewport = window.visualViewport
  if (!viewport) return () => {}
  viewport.addEventListener('resize', onChange)
  viewport.addEventListener('scroll', onChange)
  return () => {
    viewport.removeEventListener('resize', onChange)
    viewport.removeEventListener('scroll', onChange)
  }
}

const read = () => keyboardInset(window.innerHeight, window.visualViewport)

/** The on-screen keyboard's height while it is open, so bottom-fixed things can sit above it. */
export function useKeyboardInset(): number {
  return useSyncExternalStore(subscribe, read, () => 0)
}
