import { LogOut } from 'lucide-react'
import { useRepository } from '@/data/repository-context'
import { ERROR_MESSAGES } from '@/domain/errors'
import { Button } from '@/ui/button'
import { loadToast } from '@/ui/lazy-toast'
import { useSessionStore } from './session-store'

export function SignOutButton({ onSignedOut }: { onSignedOut: () => void }) {
  const repository = useRepository()
  const setUser = useSessionStore((state) => state.setUser)

  async function signOut() {
    try {
      await repository.auth.signOut()
    } catch {
      // Whatever the cause, what matters is that they are still signed in: say so, rather than
      // leave someone believing they have left.
      const toast = await loadToast()
      toast.error(ERROR_MESSAGES.SIGN_OUT_FAILED)
      return
    }
    setUser(null)
    onSignedOut()
  }

  return (
    <Button variant="secondary" onClick={() => void signOut()}>
      <LogOut aria-hidden className="size-4" />
      Sign Out
    </Button>
  )
}
