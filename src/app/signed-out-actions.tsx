import { AppLink } from '@/ui/app-link'
import { buttonClass } from '@/ui/button'

/** The landing pages' account links for a visitor: Sign In opens Login, Get Started opens Sign Up. */
export function SignedOutActions() {
  return (
    <div className="flex items-center gap-2">
      <AppLink to="/auth" search={{ tab: 'login' }} className={buttonClass('ghost')}>
        Sign In
      </AppLink>
      <AppLink to="/auth" search={{ tab: 'signup' }} className={buttonClass('primary')}>
        Get Started
      </AppLink>
    </div>
  )
}
