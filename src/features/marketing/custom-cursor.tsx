import { useEffect, useRef, useSyncExternalStore } from 'react'

/** Only for a mouse-like pointer, and never for someone who asked for less motion. */
const CURSOR_QUERY = '(pointer: fine) and (prefers-reduced-motion: no-preference)'
const INTERACTIVE = 'a, button, input, textarea, select, label, [role="button"]'

function subscribe(onChange: () => void) {
  const query = matchMedia(CURSOR_QUERY)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}
const wantsCursor = () => matchMedia(CURSOR_QUERY).matches
const onServer = () => false

/** A brass ring that trails the pointer and widens over anything clickable; the system cursor stays. */
export function CustomCursor() {
  const enabled = useSyncExternalStore(subscribe, wantsCursor, onServer)
  return enabled ? <CursorRing /> : null
}

function CursorRing() {
  const ref = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const ring = ref.current
    if (!ring) return
    function onMove(event: PointerEvent) {
      if (!ring || event.pointerType === 'touch') return
      ring.style.transform = `translate3d(${event.clientX}px, ${event.clientY}px, 0)`
      ring.dataset.visible = 'true'
      const target = event.target
      ring.dataset.active = String(
        target instanceof Element && target.closest(INTERACTIVE) !== null,
      )
    }
    function onLeave() {
      if (ring) ring.dataset.visible = 'false'
    }
    window.addEventListener('pointermove', onMove, { passive: true })
    document.documentElement.addEventListener('pointerleave', onLeave)
    return () => {
      window.removeEventListener('pointermove', onMove)
      document.documentElement.removeEventListener('pointerleave', onLeave)
    }
  }, [])

  return (
    <div
      ref={ref}
      aria-hidden
      data-cursor
      data-visible="false"
      className="group pointer-events-none fixed top-0 left-0 z-[60] opacity-0 transition-[transform,opacity] duration-150 ease-out data-[visible=true]:opacity-100"
    >
      <span className="block size-8 -translate-x-1/2 -translate-y-1/2 rounded-full border border-brass-500 transition-[scale,background-color] duration-200 group-data-[active=true]:scale-150 group-data-[active=true]:bg-brass-400/15 dark:border-brass-400" />
    </div>
  )
}
