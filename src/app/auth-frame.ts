import type { AuthTab } from '@/features/auth/auth-tabs'
import { onceDrawnInto } from './landing/prerendered'

/**
 * The auth page's first-paint frames (decision 039): the build puts one per tab in index.html,
 * before #root, and `public/theme-init.js` names the one to show on <html> when the address is the
 * auth page with that tab open, before anything is painted.
 */
export const AUTH_FRAMES = ['login', 'signup'] as const satisfies readonly AuthTab[]

export const authFrameId = (tab: AuthTab): string => `auth-frame-${tab}`

/** On <html>: the tab whose frame shows. On a frame: that it is one. */
export const AUTH_FRAME_ATTRIBUTE = 'data-auth-frame'

/** The frame on screen, if theme-init chose one. */
export function shownAuthFrame(): HTMLElement | null {
  const tab = document.documentElement.getAttribute(AUTH_FRAME_ATTRIBUTE)
  return AUTH_FRAMES.find((frame) => frame === tab)
    ? document.getElementById(authFrameId(tab as AuthTab))
    : null
}

/** Removes every frame but the one kept. */
export function dropAuthFrames(keep: HTMLElement | null = null): void {
  for (const frame of document.querySelectorAll(`div[${AUTH_FRAME_ATTRIBUTE}]`))
    if (frame !== keep) frame.remove()
}

/**
 * Removes the frame once the app has drawn into the container, in the same task as its first
 * render, so neither both nor nothing is ever painted.
 */
export function dropAuthFrameOnceReplaced(container: HTMLElement, frame: HTMLElement): void {
  onceDrawnInto(container, () => {
    frame.remove()
    document.documentElement.removeAttribute(AUTH_FRAME_ATTRIBUTE)
  })
}
