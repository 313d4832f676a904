import { AppLink } from '@/ui/app-link'
import { buttonClass } from '@/ui/button'

/** The landing pages' account links for a visitor: Sign In and Get Started. */
export function SignedOutActions() {
  return (
    <div className="flex items-center gap-2">
      <AppLink to="/auth" className={buttonClass('ghost')}>
        Sign In
      </AppLink>
      <AppLink to="/auth" className={buttonClass('primary')}>
        Get Started
      </AppLink>
    </div>
  )
}
