import type { MouseEvent } from 'react'
import type { AppPath, RenderAppLink } from '@/ui/app-link'

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
  /** Replaces the landing page with the app, at `to`. */
  enter: (to: AppPath) => void
}

/**
 * AppLink's implementation on the landing page before the app has loaded: a
 * real link (it works without JavaScript, and opens in a new tab when asked),
 * which on a plain click hands the page over to the app instead of reloading.
 */
export function handOverLink({ preload, enter }: HandOver): RenderAppLink {
  return function renderHandOverLink({ to, onClick, onFocus, onPointerEnter, ...props }) {
    return (
      <a
        href={to}
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
          enter(to)
        }}
      />
    )
  }
}
