import { useBlocker } from '@tanstack/react-router'

/**
 * Asks before leaving the page (in the app or closing the tab) while `dirty`
 * holds unsaved text. Moving within the same page (a tab of the dashboard)
 * keeps the form mounted, so it is not asked about.
 */
export function useUnsavedGuard(dirty: boolean) {
  useBlocker({
    shouldBlockFn: ({ current, next }) =>
      dirty &&
      current.pathname !== next.pathname &&
      !window.confirm('You have unsaved changes. Leave without saving?'),
    enableBeforeUnload: () => dirty,
  })
}
