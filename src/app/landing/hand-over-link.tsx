import type { MouseEvent } from 'react'
import { appHref, type RenderAppLink } from '@/ui/app-link'

/** A click the page may take over: the main button, no modifier asking for a new tab or window. */
const isPlainClick = (event: MouseEvent<HTMLAnchorElement>) =>
  event.button === 0 &&
  !event.metaKey &&
  !event.ctrlKey &&
  !event.shiftKey &&
  !event.altKey &&
  !event.currentTarget.target

type HandOver = {
  /** Starts fetching the app's code, as soon as a visitor shows they may follow a link. */
  preload: () => void
  /** Replaces the landing page with the app, at `href` (a path, with its search if any). */
  enter: (href: string) => void
}

/**
 * AppLink's implementation on the landing page before the app has loaded: a
 * real link (it works without JavaScript, and opens in a new tab when asked),
 * which on a plain click hands the page over to the app instead of reloading.
 */
export function handOverLink({ preload, enter }: HandOver): RenderAppLink {
  return function renderHandOverLink({ to, search, onClick, onFocus, onPointerEnter, ...props }) {
    const href = appHref(to, search)
    return (
      <a
        href={href}
        {...props}
        onPointerEnter={(event) => {
          preload()
          onPointerEnter?.(event)
        }}
        onFocus={(event) => {
          preload()
          onFocus?.(event)
        }}
        onClick={(event) => {
          onClick?.(event)
          if (event.defaultPrevented || !isPlainClick(event)) return
          event.preventDefault()
          enter(href)
        }}
      />
    )
  }
}
