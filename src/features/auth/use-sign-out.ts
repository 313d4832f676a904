import type { SignOutOptions } from '@/data/repository'
import { useRepository } from '@/data/repository-context'
import { ERROR_MESSAGES } from '@/domain/errors'
import { loadToast } from '@/ui/lazy-toast'
import { useSessionStore } from './session-store'

/** Ends the session on this device; answers whether it ended. */
export function useSignOut(
  onSignedOut: () => void,
): (options?: SignOutOptions) => Promise<boolean> {
  const repository = useRepository()
  const setUser = useSessionStore((state) => state.setUser)

  return async (options) => {
    try {
      await (options ? repository.auth.signOut(options) : repository.auth.signOut())
    } catch {
      // Whatever the cause, what matters is that they are still signed in: say so, rather than
      // leave someone believing they have left.
      const toast = await loadToast()
      toast.error(ERROR_MESSAGES.SIGN_OUT_FAILED)
      return false
    }
    setUser(null)
    onSignedOut()
    return true
  }
}
