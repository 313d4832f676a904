import { useBlocker } from '@tanstack/react-router'

/** Asks before leaving (in the app or closing the tab) while `dirty` holds unsaved text. */
export function useUnsavedGuard(dirty: boolean) {
  useBlocker({
    shouldBlockFn: () =>
      dirty && !window.confirm('You have unsaved changes. Leave without saving?'),
    enableBeforeUnload: () => dirty,
  })
}
