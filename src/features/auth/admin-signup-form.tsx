import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { useRepository } from '@/data/repository-context'
import { adminSignUpSchema } from '@/domain/auth-schemas'
import type { User } from '@/domain/types'
import { Button } from '@/ui/button'
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

type Values = z.input<typeof adminSignUpSchema>

type AdminSignUpFormProps = { onSignedIn: (user: User) => void; onBack: () => void }

export function AdminSignUpForm({ onSignedIn, onBack }: AdminSignUpFormProps) {
  const repository = useRepository()
  const form = useForm<Values, unknown, z.output<typeof adminSignUpSchema>>({
    resolver: zodResolver(adminSignUpSchema),
    defaultValues: { fullName: '', email: '', password: '', adminSecret: '' },
  })
  const { alert, run } = useAuthAction(
    (values: Values) => repository.auth.signUpAdmin(values),
    'ADMIN_SIGNUP_FAILED',
    'ADMIN_SIGNUP_NO_USER',
    afterNewAccount(onSignedIn),
  )

  return (
    <AuthForm
      label="Admin sign up"
      heading={<h2 className="text-xl font-semibold">Admin Access</h2>}
      submitLabel="Create Admin Account"
      alert={alert}
      busy={form.formState.isSubmitting}
      onSubmit={(event) => void form.handleSubmit(run)(event)}
      footer={
        <Button variant="link" onClick={onBack}>
          Back to Login
        </Button>
      }
    >
      <TextField {...FULL_NAME_FIELD} {...fieldOf(form, 'fullName')} />
      <TextField {...EMAIL_FIELD} {...fieldOf(form, 'email')} />
      <TextField {...NEW_PASSWORD_FIELD} {...fieldOf(form, 'password')} />
      <TextField
        label="Admin Secret Key"
        type="password"
        autoComplete="off"
        required
        {...fieldOf(form, 'adminSecret')}
      />
    </AuthForm>
  )
}
