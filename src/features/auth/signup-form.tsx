import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { useRepository } from '@/data/repository-context'
import { signUpSchema } from '@/domain/auth-schemas'
import type { User } from '@/domain/types'
import { RADIO_CLASS } from '@/ui/radio'
import { TextField } from '@/ui/text-field'
import {
  AuthForm,
  afterNewAccount,
  EMAIL_FIELD,
  FULL_NAME_FIELD,
  fieldOf,
  NEW_PASSWORD_FIELD,
} from './auth-form'
import { useAuthAction } from './use-auth-action'

type Values = z.input<typeof signUpSchema>

const ACCOUNT_TYPES = [
  { value: 'user', label: 'User - Generate legal letters' },
  { value: 'employee', label: 'Employee - Earn referral commissions' },
] as const

const DEFAULT_ROLE = 'user'

export function SignUpForm({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const repository = useRepository()
  const form = useForm<Values, unknown, z.output<typeof signUpSchema>>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { fullName: '', email: '', password: '', role: DEFAULT_ROLE },
  })
  const { alert, run } = useAuthAction(
    (values: Values) => repository.auth.signUp(values),
    'SIGNUP_FAILED',
    'SIGNUP_NO_USER',
    afterNewAccount(onSignedIn),
  )
  const roleError = form.formState.errors.role?.message

  return (
    <AuthForm
      label="Sign up"
      submitLabel="Create Account"
      alert={alert}
      busy={form.formState.isSubmitting}
      onSubmit={(event) => void form.handleSubmit(run)(event)}
    >
      <TextField {...FULL_NAME_FIELD} {...fieldOf(form, 'fullName')} />
      <TextField {...EMAIL_FIELD} {...fieldOf(form, 'email')} />
      <TextField {...NEW_PASSWORD_FIELD} {...fieldOf(form, 'password')} />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-ink-800 dark:text-ink-100">
          Account type
        </legend>
        {ACCOUNT_TYPES.map((type) => (
          <label
            key={type.value}
            className="flex cursor-pointer items-center gap-3 rounded-md border border-ink-200 px-3 py-2 text-sm has-[:checked]:border-ink-700 has-[:checked]:bg-ink-50 dark:border-ink-600 dark:has-[:checked]:border-brass-400 dark:has-[:checked]:bg-ink-900"
          >
            <input
              type="radio"
              value={type.value}
              // In the markup too, for the page's first-paint frame (decision 039).
              defaultChecked={type.value === DEFAULT_ROLE}
              className={RADIO_CLASS}
              {...form.register('role')}
            />
            {type.label}
          </label>
        ))}
        {roleError ? <p className="text-sm text-red-700 dark:text-red-300">{roleError}</p> : null}
      </fieldset>
    </AuthForm>
  )
}
