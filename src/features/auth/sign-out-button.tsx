import { LogOut } from 'lucide-react'
import { useRepository } from '@/data/repository-context'
import { Button } from '@/ui/button'
import { useSessionStore } from './session-store'

export function SignOutButton({ onSignedOut }: { onSignedOut: () => void }) {
  const repository = useRepository()
  const setUser = useSessionStore((state) => state.setUser)

  async function signOut() {
    await repository.auth.signOut()
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
