import {
  DASHBOARD_FRAME_ATTRIBUTE,
  DASHBOARD_FRAME_ID,
  DASHBOARD_FRAME_KEY,
  type RememberedDashboard,
} from './dashboard-frame-names'
import { onceDrawnInto } from './landing/prerendered'

/** Kept while a user's dashboard shows; any other page, or signing out, forgets it. */
export function rememberDashboard(dashboard: RememberedDashboard): void {
  try {
    const kept = JSON.stringify(dashboard)
    if (localStorage.getItem(DASHBOARD_FRAME_KEY) !== kept)
      localStorage.setItem(DASHBOARD_FRAME_KEY, kept)
  } catch {
    // Storage refused (a private mode, a full disk): the dashboard just paints without its frame.
  }
}

export function forgetDashboard(): void {
  try {
    localStorage.removeItem(DASHBOARD_FRAME_KEY)
  } catch {
    // As above: nothing was kept.
  }
}

/** The frame on screen, if theme-init showed it. */
export function shownDashboardFrame(): HTMLElement | null {
  return document.documentElement.hasAttribute(DASHBOARD_FRAME_ATTRIBUTE)
    ? document.getElementById(DASHBOARD_FRAME_ID)
    : null
}

export function dropDashboardFrame(): void {
  document.getElementById(DASHBOARD_FRAME_ID)?.remove()
  document.documentElement.removeAttribute(DASHBOARD_FRAME_ATTRIBUTE)
}

/** The dashboard's tabs, drawn at once, and the Generate form, drawn once the letters left are known. */
const DASHBOARD_TABS = '[role="tablist"][aria-label="Dashboard"]'
const GENERATE_FORM = 'form[aria-label="Generate letter"]'

/**
 * Removes the frame once the app has drawn the dashboard the frame stands for, form and all, in
 * that render's task: until then #root stays hidden, so the page never shows half drawn. Whatever
 * else the app draws (the auth page for a session that ended, an error) replaces the frame at once.
 */
export function dropDashboardFrameOnceDrawn(container: HTMLElement): void {
  onceDrawnInto(
    container,
    () => {
      dropDashboardFrame()
      forgetUnlessDashboard()
    },
    () =>
      !container.querySelector(DASHBOARD_TABS) || container.querySelector(GENERATE_FORM) !== null,
  )
}

/** The frame stood for a page the app did not draw: it should not show next time either. */
function forgetUnlessDashboard(): void {
  if (window.location.pathname !== '/app') forgetDashboard()
}
