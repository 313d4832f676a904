import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'

/**
 * Starts keyboard and screen-reader focus at the new page's main content,
 * unless focus is already in it (a page may have placed it on purpose).
 * Without this, the link or button that led here is gone or left behind in
 * the header, and focus falls back to the page body: the next Tab starts
 * from the top and a screen reader says nothing of the new page.
 */
export function focusPageStart(doc: Document = document): void {
  const main = doc.querySelector('main')
  if (!main) return
  const active = doc.activeElement
  if (active && active !== doc.body && main.contains(active)) return
  // A landmark, not a control: focusable from script only, and without a ring.
  if (!main.hasAttribute('tabindex')) main.tabIndex = -1
  main.focus({ preventScroll: true })
}

/** On every move to another path, after it has rendered; the first page and changes of search or hash are left alone. */
export function usePageFocus(): void {
  const router = useRouter()
  useEffect(
    () =>
      router.subscribe('onRendered', (event) => {
        if (event.fromLocation && event.pathChanged) focusPageStart()
      }),
    [router],
  )
}
