import type { Repository } from '@/data/repository'
import { recordCrash } from './error-screen'
import { errorMessage } from '@/lib/error-message'
import { loadToast } from '@/ui/lazy-toast'

export const UNHANDLED_REJECTION_MESSAGE =
  'Something went wrong in the background. The error was saved on this device for an administrator.'

/**
 * A promise that fails with nobody waiting for it would otherwise vanish into
 * the console: record it in the errors table, like a crash, and tell the person.
 */
export function reportUnhandledRejections(
  repository: Repository,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  const onRejection = (event: Event) => {
    const reason: unknown = (event as PromiseRejectionEvent).reason
    recordCrash(repository, reason)
    void loadToast().then((toast) =>
      toast.error(UNHANDLED_REJECTION_MESSAGE, { description: errorMessage(reason) }),
    )
  }
  target.addEventListener('unhandledrejection', onRejection)
  return () => target.removeEventListener('unhandledrejection', onRejection)
}
