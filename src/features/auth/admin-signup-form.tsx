import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { useRepository } from '@/data/repository-context'
import { adminSignUpSchema } from '@/domain/auth-schemas'
import type { User } from '@/domain/types'
import { Button } from '@/ui/button'
import { FormAlert } from '@/ui/form-alert'
import { TextField } from '@/ui/text-field'
import { requestPersistentStorage } from '@/lib/storage-status'
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
      aria-label="Admin sign up"
    >
      <h2 className="text-xl font-semibold">Admin Access</h2>
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
        error={errors.password?.message}
        {...form.register('password')}
      />
      <TextField
        label="Admin Secret Key"
        type="password"
        autoComplete="off"
        required
        error={errors.adminSecret?.message}
        {...form.register('adminSecret')}
      />
      <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
        Create Admin Account
      </Button>
      <Button variant="link" onClick={onBack}>
        Back to Login
      </Button>
    </form>
  )
}
