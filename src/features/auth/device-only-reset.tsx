import { Button } from '@/ui/button'
import { AuthHeading } from './auth-card'

const MUTED = 'text-sm text-ink-600 dark:text-ink-300'

type DeviceOnlyResetProps = { onCreateAccount: () => void; onBack: () => void }

/**
 * Device-only mode has no e-mail behind an account, so no link can reset its
 * password: say so, and what can still be done, rather than show a form that
 * cannot work.
 */
export function DeviceOnlyReset({ onCreateAccount, onBack }: DeviceOnlyResetProps) {
  return (
    <section className="flex flex-col gap-4" aria-labelledby="device-only-reset">
      <AuthHeading id="device-only-reset">Forgot your password?</AuthHeading>
      <p className={MUTED}>
        This copy of Letterhead keeps its accounts on this device only, with no e-mail behind them,
        so a password cannot be reset by e-mail.
      </p>
      <p className={MUTED}>
        The account&rsquo;s letters stay on this device. You may create a new account and keep
        writing; if the password comes back to you, sign in as before.
      </p>
      <div className="flex flex-col gap-2">
        <Button onClick={onCreateAccount}>Create a New Account</Button>
        <Button variant="link" onClick={onBack}>
          Back to Login
        </Button>
      </div>
    </section>
  )
}
