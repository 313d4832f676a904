import type { FormEventHandler, ReactNode } from 'react'
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import { EMAIL_MAX, FULL_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '@/domain/auth-schemas'
import type { User } from '@/domain/types'
import { requestPersistentStorage } from '@/lib/storage-status'
import { Button } from '@/ui/button'
import { FormAlert } from '@/ui/form-alert'

type AuthFormProps = {
  /** The form's accessible name. */
  label: string
  alert: string | null
  submitLabel: string
  busy: boolean
  onSubmit: FormEventHandler<HTMLFormElement>
  heading?: ReactNode
  /** Under the submit button. */
  footer?: ReactNode
  children: ReactNode
}

/** What every sign-in and sign-up form shares: the alert above the fields, the button below. */
export function AuthForm({
  label,
  alert,
  submitLabel,
  busy,
  onSubmit,
  heading,
  footer,
  children,
}: AuthFormProps) {
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={label}>
      {heading}
      <FormAlert message={alert} />
      {children}
      <Button type="submit" disabled={busy} aria-busy={busy}>
        {submitLabel}
      </Button>
      {footer}
    </form>
  )
}

/** A link among the forms' words: underlined, and tall enough to tap. */
export const TEXT_LINK =
  'inline-block py-1 font-medium text-ink-700 underline underline-offset-4 hover:text-ink-900 dark:text-brass-300 dark:hover:text-ink-50'

/** A field's registration and its error message, ready to spread onto a `TextField`. */
export function fieldOf<Values extends FieldValues>(
  form: UseFormReturn<Values, unknown, unknown>,
  name: Path<Values>,
) {
  // Passing formState subscribes the caller to this field's error.
  const { error } = form.getFieldState(name, form.formState)
  return { ...form.register(name), error: error?.message }
}

export const FULL_NAME_FIELD = {
  label: 'Full Name',
  autoComplete: 'name',
  required: true,
  limit: FULL_NAME_MAX,
} as const

export const EMAIL_FIELD = {
  label: 'Email',
  type: 'email',
  autoComplete: 'email',
  required: true,
  limit: EMAIL_MAX,
} as const

export const NEW_PASSWORD_FIELD = {
  label: 'Password',
  type: 'password',
  autoComplete: 'new-password',
  required: true,
  limit: PASSWORD_MAX,
  hint: `At least ${PASSWORD_MIN} characters.`,
} as const

/** A new account is the moment to ask the browser to keep this device's data. */
export const afterNewAccount =
  (onSignedIn: (user: User) => void) =>
  (user: User): void => {
    void requestPersistentStorage()
    onSignedIn(user)
  }
