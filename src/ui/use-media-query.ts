import { useCallback, useSyncExternalStore } from 'react'

/** Phones: below Tailwind's `sm` breakpoint (640 px), the layout the `max-sm:` classes style. */
export const PHONE_QUERY = '(max-width: 639.98px)'

/** Whether a CSS media query matches now, following it as the window changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  const read = () => matchMedia(query).matches
  // Prerendered pages have no window: they assume the desktop layout.
  return useSyncExternalStore(subscribe, read, () => false)
}
