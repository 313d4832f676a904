import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import type { z } from 'zod'
import { type ChangePasswordInput, changePasswordSchema, PASSWORD_MIN } from '@/domain/auth-schemas'
import { messageFor } from '@/domain/errors'
import { Button } from '@/ui/button'
import { FormAlert } from '@/ui/form-alert'
import { TextField } from '@/ui/text-field'
import { useChangePassword } from './use-account-security'

export const PASSWORD_CHANGED = 'Your password was changed.'
export const PASSWORD_CHANGED_ELSEWHERE_ENDED =
  'Your password was changed, and your other devices were signed out.'

export function ChangePasswordForm({ userId }: { userId: string }) {
  const change = useChangePassword(userId)
  const form = useForm<ChangePasswordInput, unknown, z.output<typeof changePasswordSchema>>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  })
  const { errors, isSubmitting } = form.formState

  async function submit(values: ChangePasswordInput) {
    change.reset()
    try {
      const { otherSessionsEnded } = await change.mutateAsync(values)
      form.reset()
      toast.success(otherSessionsEnded ? PASSWORD_CHANGED_ELSEWHERE_ENDED : PASSWORD_CHANGED)
    } catch {
      // Shown in the form's alert from the mutation's error; what was typed stays.
    }
  }

  return (
    <form
      noValidate
      aria-labelledby="change-password-heading"
      onSubmit={(event) => void form.handleSubmit(submit)(event)}
      className="flex max-w-md flex-col gap-4"
    >
      <h4 id="change-password-heading" className="font-semibold">
        Change Password
      </h4>
      <FormAlert message={change.error ? messageFor(change.error, 'SERVER_ERROR') : null} />
      <TextField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_MIN} characters.`}
        error={errors.newPassword?.message}
        {...form.register('newPassword')}
      />
      <div>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          Change Password
        </Button>
      </div>
    </form>
  )
}
