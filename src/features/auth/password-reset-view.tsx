import type { AuthTab, AuthView } from './auth-tabs'
import { tokenOf } from './auth-tabs'
import { ForgotPassword } from './forgot-password'
import { ResetPassword } from './reset-password'

export type PasswordResetViewProps = {
  view: AuthView
  /** The URL's fragment, where a reset link carries its token. */
  fragment: string
  onTab: (tab: AuthTab) => void
  onForgot: () => void
  /** The link has done its work: its token may leave the address bar. */
  onPasswordSet: () => void
}

/**
 * Forgot password? and the page a reset link opens, each leading back to the
 * tabs. Loaded only when one of them is opened, so signing in does not carry it.
 */
export function PasswordResetView({
  view,
  fragment,
  onTab,
  onForgot,
  onPasswordSet,
}: PasswordResetViewProps) {
  if (view === 'forgot') {
    return <ForgotPassword onBack={() => onTab('login')} onCreateAccount={() => onTab('signup')} />
  }
  return (
    <ResetPassword
      token={tokenOf(fragment)}
      onSignIn={() => onTab('login')}
      onAskAgain={onForgot}
      onCreateAccount={() => onTab('signup')}
      onPasswordSet={onPasswordSet}
    />
  )
}
