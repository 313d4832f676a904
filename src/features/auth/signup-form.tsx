import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { useRepository } from '@/data/repository-context'
import { PASSWORD_MIN, signUpSchema } from '@/domain/auth-schemas'
import type { User } from '@/domain/types'
import { Button } from '@/ui/button'
import { FormAlert } from '@/ui/form-alert'
import { TextField } from '@/ui/text-field'
import { requestPersistentStorage } from '@/lib/storage-status'
import { useAuthAction } from './use-auth-action'

type Values = z.input<typeof signUpSchema>

const ACCOUNT_TYPES = [
  { value: 'user', label: 'User - Generate legal letters' },
  { value: 'employee', label: 'Employee - Earn referral commissions' },
] as const

export function SignUpForm({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const repository = useRepository()
  const form = useForm<Values, unknown, z.output<typeof signUpSchema>>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { fullName: '', email: '', password: '', role: 'user' },
  })
  const { alert, run } = useAuthAction(
    (values: Values) => repository.auth.signUp(values),
    'SIGNUP_FAILED',
    'SIGNUP_NO_USER',
    // The first account on a device is the moment to ask the browser to keep its data.
    (user) => {
      void requestPersistentStorage()
      onSignedIn(user)
    },
  )
  const { errors, isSubmitting } = form.formState

  return (
    <form
      noValidate
      onSubmit={(event) => void form.handleSubmit(run)(event)}
      className="flex flex-col gap-4"
      aria-label="Sign up"
    >
      <FormAlert message={alert} />
      <TextField
        label="Full Name"
        autoComplete="name"
        required
        error={errors.fullName?.message}
        {...form.register('fullName')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...form.register('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_MIN} characters.`}
        error={errors.password?.message}
        {...form.register('password')}
      />
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
              className="accent-ink-800"
              {...form.register('role')}
            />
            {type.label}
          </label>
        ))}
        {errors.role ? (
          <p className="text-sm text-red-700 dark:text-red-300">{errors.role.message}</p>
        ) : null}
      </fieldset>
      <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
        Create Account
      </Button>
    </form>
  )
}
