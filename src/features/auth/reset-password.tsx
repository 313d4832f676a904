import { zodResolver } from '@hookform/resolvers/zod'
import { Suspense, use, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { useRepository } from '@/data/repository-context'
import { PASSWORD_MAX } from '@/domain/auth-schemas'
import { newPasswordFormSchema } from '@/domain/password-reset-schemas'
import { isAppError, messageFor } from '@/domain/errors'
import { Button } from '@/ui/button'
import { TextField } from '@/ui/text-field'
import { AuthHeading } from './auth-card'
import { AuthForm, fieldOf, NEW_PASSWORD_FIELD } from './auth-form'
import { DeviceOnlyReset } from './device-only-reset'
import { usePasswordResetBy } from './use-password-reset-by'

const MUTED = 'text-sm text-ink-600 dark:text-ink-300'

type Values = z.input<typeof newPasswordFormSchema>

export type ResetPasswordProps = {
  /** The reset link's token, from the URL's fragment; empty when the link was cut short. */
  token: string
  /** Leaves for the Login tab (after a reset, to sign in with the new password). */
  onSignIn: () => void
  onAskAgain: () => void
  onCreateAccount: () => void
  /** The password is set: the link has done its work and may leave the address bar. */
  onPasswordSet: () => void
}

/** The page a reset link opens: the new password twice, then a way to sign in with it. */
export function ResetPassword(props: ResetPasswordProps) {
  const resetBy = usePasswordResetBy()
  return (
    <Suspense fallback={<p className={MUTED}>Loading…</p>}>
      <ResetPasswordBy resetBy={resetBy} {...props} />
    </Suspense>
  )
}

/** Where the page stands: the form, the password set, or the link refused (with why). */
type Stage = { kind: 'form' } | { kind: 'set' } | { kind: 'refused'; message: string }

function ResetPasswordBy({
  resetBy,
  ...props
}: ResetPasswordProps & { resetBy: ReturnType<typeof usePasswordResetBy> }) {
  const [stage, setStage] = useState<Stage>(
    props.token
      ? { kind: 'form' }
      : { kind: 'refused', message: messageFor(null, 'RESET_LINK_INVALID') },
  )
  if (use(resetBy) === 'device-only') {
    return <DeviceOnlyReset onCreateAccount={props.onCreateAccount} onBack={props.onSignIn} />
  }
  if (stage.kind === 'set') return <PasswordSet onSignIn={props.onSignIn} />
  if (stage.kind === 'refused') return <LinkRefused message={stage.message} {...props} />
  return (
    <NewPasswordForm
      token={props.token}
      onRefused={(message) => setStage({ kind: 'refused', message })}
      onDone={() => {
        setStage({ kind: 'set' })
        props.onPasswordSet()
      }}
    />
  )
}

type NewPasswordFormProps = {
  token: string
  /** The server refused the link itself (expired, spent, unknown): no password can help. */
  onRefused: (message: string) => void
  onDone: () => void
}

function NewPasswordForm({ token, onRefused, onDone }: NewPasswordFormProps) {
  const repository = useRepository()
  const [alert, setAlert] = useState<string | null>(null)
  const form = useForm<Values, unknown, z.output<typeof newPasswordFormSchema>>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  })

  async function reset({ password }: z.output<typeof newPasswordFormSchema>) {
    setAlert(null)
    try {
      await repository.auth.resetPassword({ token, password })
      onDone()
    } catch (error) {
      const message = messageFor(error, 'SERVER_ERROR')
      if (isAppError(error) && error.code.startsWith('RESET_LINK_')) onRefused(message)
      else setAlert(message)
    }
  }

  return (
    <AuthForm
      label="Password reset"
      heading={<AuthHeading>Choose a new password</AuthHeading>}
      submitLabel="Reset Password"
      alert={alert}
      busy={form.formState.isSubmitting}
      onSubmit={(event) => void form.handleSubmit(reset)(event)}
    >
      <TextField {...NEW_PASSWORD_FIELD} label="New Password" {...fieldOf(form, 'password')} />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        required
        limit={PASSWORD_MAX}
        {...fieldOf(form, 'confirmPassword')}
      />
    </AuthForm>
  )
}

function LinkRefused({ message, onAskAgain, onSignIn }: { message: string } & ResetPasswordProps) {
  return (
    <section className="flex flex-col gap-4" aria-labelledby="reset-link-refused">
      <AuthHeading id="reset-link-refused">This link cannot reset a password</AuthHeading>
      <p className={MUTED}>{message}</p>
      <div className="flex flex-col gap-2">
        <Button onClick={onAskAgain}>Ask for a New Link</Button>
        <Button variant="link" onClick={onSignIn}>
          Back to Login
        </Button>
      </div>
    </section>
  )
}

function PasswordSet({ onSignIn }: { onSignIn: () => void }) {
  return (
    <section className="flex flex-col gap-4" aria-labelledby="password-set">
      <AuthHeading id="password-set">Your password is set</AuthHeading>
      <p className={MUTED}>
        You were signed out on every device. Sign in with your new password to continue.
      </p>
      <Button onClick={onSignIn}>Sign In</Button>
    </section>
  )
}
