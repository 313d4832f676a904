import { LogOut } from 'lucide-react'
import { useState } from 'react'
import { useSyncStatus } from '@/data/use-sync-status'
import { Button } from '@/ui/button'
import { SignOutDialog } from './sign-out-dialog'
import { useSignOut } from './use-sign-out'

/**
 * Device-only mode signs out at once: the letters stay on this device, where
 * they live. Server mode asks first, since it can also remove this device's
 * copy of the account's letters (DESIGN.md §4).
 */
export function SignOutButton({ onSignedOut }: { onSignedOut: () => void }) {
  const { phase } = useSyncStatus()
  const signOut = useSignOut(onSignedOut)
  const [asking, setAsking] = useState(false)

  return (
    <>
      <Button
        variant="secondary"
        onClick={() => (phase === 'off' ? void signOut() : setAsking(true))}
      >
        <LogOut aria-hidden className="size-4" />
        {/* A phone's header keeps one line whatever the sync status says, as Settings does. */}
        <span className="sr-only sm:not-sr-only">Sign Out</span>
      </Button>
      {asking ? <SignOutDialog signOut={signOut} onClose={() => setAsking(false)} /> : null}
    </>
  )
}
