import { Link, useRouter } from '@tanstack/react-router'
import { SignOutButton } from '@/features/auth/sign-out-button'
import { useSessionStore } from '@/features/auth/session-store'
import { buttonClass } from '@/ui/button'
import { SignedOutActions } from './signed-out-actions'

/** The landing pages' account links: Sign In and Get Started, or Dashboard and Sign Out. */
export function SiteNavActions() {
  const user = useSessionStore((state) => state.user)
  const router = useRouter()
  if (user) {
    return (
      <div className="flex items-center gap-2">
        <Link to="/app" className={buttonClass('primary')}>
          Dashboard
        </Link>
        <SignOutButton onSignedOut={() => void router.invalidate()} />
      </div>
    )
  }
  return <SignedOutActions />
}
