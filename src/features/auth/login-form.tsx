import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { useRepository } from '@/data/repository-context'
import { signInSchema } from '@/domain/auth-schemas'
import type { User } from '@/domain/types'
import { AppLink } from '@/ui/app-link'
import { TextField } from '@/ui/text-field'
import { AuthForm, EMAIL_FIELD, fieldOf, TEXT_LINK } from './auth-form'
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

  return (
    <AuthForm
      label="Sign in"
      submitLabel="Sign In"
      alert={alert}
      busy={form.formState.isSubmitting}
      onSubmit={(event) => void form.handleSubmit(run)(event)}
    >
      <TextField {...EMAIL_FIELD} {...fieldOf(form, 'email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        {...fieldOf(form, 'password')}
      />
      <p className="-mt-2 text-right text-sm">
        <AppLink to="/auth" search={{ view: 'forgot' }} className={TEXT_LINK}>
          Forgot password?
        </AppLink>
      </p>
    </AuthForm>
  )
}
