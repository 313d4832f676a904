import { zodResolver } from '@hookform/resolvers/zod'
import { Suspense, use, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { useRepository } from '@/data/repository-context'
import { passwordResetRequestSchema } from '@/domain/password-reset-schemas'
import { messageFor } from '@/domain/errors'
import { Button } from '@/ui/button'
import { TextField } from '@/ui/text-field'
import { AuthHeading } from './auth-card'
import { AuthForm, EMAIL_FIELD, fieldOf } from './auth-form'
import { DeviceOnlyReset } from './device-only-reset'
import { usePasswordResetBy } from './use-password-reset-by'

const MUTED = 'text-sm text-ink-600 dark:text-ink-300'

type Values = z.input<typeof passwordResetRequestSchema>

export type ForgotPasswordProps = { onBack: () => void; onCreateAccount: () => void }

/** "Forgot password?": a reset link by e-mail in server mode, an explanation in device-only mode. */
export function ForgotPassword(props: ForgotPasswordProps) {
  const resetBy = usePasswordResetBy()
  return (
    <Suspense fallback={<p className={MUTED}>Loading…</p>}>
      <ForgotPasswordBy resetBy={resetBy} {...props} />
    </Suspense>
  )
}

function ForgotPasswordBy({
  resetBy,
  ...props
}: ForgotPasswordProps & { resetBy: ReturnType<typeof usePasswordResetBy> }) {
  if (use(resetBy) === 'device-only') return <DeviceOnlyReset {...props} />
  return <ResetLinkForm onBack={props.onBack} />
}

function ResetLinkForm({ onBack }: { onBack: () => void }) {
  const repository = useRepository()
  const [alert, setAlert] = useState<string | null>(null)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const form = useForm<Values, unknown, z.output<typeof passwordResetRequestSchema>>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '' },
  })

  async function send(values: z.output<typeof passwordResetRequestSchema>) {
    setAlert(null)
    try {
      await repository.auth.requestPasswordReset(values)
      setSentTo(values.email)
    } catch (error) {
      setAlert(messageFor(error, 'SERVER_ERROR'))
    }
  }

  if (sentTo !== null)
    return <LinkSent email={sentTo} onBack={onBack} onAgain={() => setSentTo(null)} />
  return (
    <AuthForm
      label="Ask for a reset link"
      heading={
        <>
          <AuthHeading>Forgot your password?</AuthHeading>
          <p className={MUTED}>
            Enter your account&rsquo;s e-mail and we will send you a link to choose a new password.
          </p>
        </>
      }
      submitLabel="Send Reset Link"
      alert={alert}
      busy={form.formState.isSubmitting}
      onSubmit={(event) => void form.handleSubmit(send)(event)}
      footer={
        <Button variant="link" onClick={onBack}>
          Back to Login
        </Button>
      }
    >
      <TextField {...EMAIL_FIELD} {...fieldOf(form, 'email')} />
    </AuthForm>
  )
}

type LinkSentProps = { email: string; onBack: () => void; onAgain: () => void }

/** The same words whether or not the e-mail has an account: the page cannot tell, and must not. */
function LinkSent({ email, onBack, onAgain }: LinkSentProps) {
  return (
    <section className="flex flex-col gap-4" aria-labelledby="reset-link-sent">
      <AuthHeading id="reset-link-sent">Check your e-mail</AuthHeading>
      <p className={MUTED}>
        If a Letterhead account uses <strong className="wrap-anywhere">{email}</strong>, a link to
        choose a new password is on its way. The link works once, within an hour.
      </p>
      <p className={MUTED}>
        Nothing after a few minutes? Look in your spam folder, check the address, or ask again.
      </p>
      <div className="flex flex-col gap-2">
        <Button onClick={onBack}>Back to Login</Button>
        <Button variant="link" onClick={onAgain}>
          Send Another Link
        </Button>
      </div>
    </section>
  )
}
