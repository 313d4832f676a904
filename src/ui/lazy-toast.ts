import type { toast } from 'sonner'

type Toast = typeof toast

const listeners = new Set<() => void>()
let wanted = false

/**
 * The toast function, loaded on first use. Code that can run on the landing
 * page toasts through this rather than importing sonner, so the page does not
 * download it up front; the first call also asks the toaster host
 * (`DeferredToaster`) to mount, and sonner shows toasts made before it did.
 */
export function loadToast(): Promise<Toast> {
  if (!wanted) {
    wanted = true
    for (const listener of listeners) listener()
  }
  return import('sonner').then((module) => module.toast)
}

/** For the toaster host: whether any toast has been asked for, and news when one first is. */
export const toastWanted = {
  get: () => wanted,
  subscribe: (listener: () => void) => {
    listeners.add(listener)
    return () => void listeners.delete(listener)
  },
}
