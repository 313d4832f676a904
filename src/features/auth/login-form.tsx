import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { useRepository } from '@/data/repository-context'
import { signInSchema } from '@/domain/auth-schemas'
import type { User } from '@/domain/types'
import { Button } from '@/ui/button'
import { FormAlert } from '@/ui/form-alert'
import { TextField } from '@/ui/text-field'
import { useAuthAction } from './use-auth-action'

type Values = z.input<typeof signInSchema>

export function LoginForm({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const repository = useRepository()
  const form = useForm<Values, unknown, z.output<typeof signInSchema>>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  })
  const { alert, run } = useAuthAction(
    (values: Values) => repository.auth.signIn(values),
    'LOGIN_FAILED',
    'LOGIN_NO_USER',
    onSignedIn,
  )
  const { errors, isSubmitting } = form.formState

  return (
    <form
      noValidate
      onSubmit={(event) => void form.handleSubmit(run)(event)}
      className="flex flex-col gap-4"
      aria-label="Sign in"
    >
      <FormAlert message={alert} />
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
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
        Sign In
      </Button>
    </form>
  )
}
