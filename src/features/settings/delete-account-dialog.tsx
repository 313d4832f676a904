import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import type { z } from 'zod'
import { useRepository } from '@/data/repository-context'
import { type DeleteAccountInput, deleteAccountSchema } from '@/domain/account-data'
import { messageFor } from '@/domain/errors'
import { Button } from '@/ui/button'
import { FormAlert } from '@/ui/form-alert'
import { ModalDialog } from '@/ui/modal-dialog'
import { TextField } from '@/ui/text-field'

export const ACCOUNT_DELETED = 'Your account was deleted.'

type DeleteAccountDialogProps = {
  onCancel: () => void
  /** The account is gone and this device is signed out. */
  onDeleted: () => void
}

/** Asks for the password, says what goes and what stays, then deletes the account. */
export function DeleteAccountDialog({ onCancel, onDeleted }: DeleteAccountDialogProps) {
  const repository = useRepository()
  const [refusal, setRefusal] = useState<string | null>(null)
  const form = useForm<DeleteAccountInput, unknown, z.output<typeof deleteAccountSchema>>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '' },
  })
  const { errors, isSubmitting } = form.formState

  async function submit(values: DeleteAccountInput) {
    setRefusal(null)
    try {
      await repository.account.deleteAccount(values)
    } catch (error) {
      setRefusal(messageFor(error, 'SERVER_ERROR'))
      return
    }
    toast.success(ACCOUNT_DELETED)
    onDeleted()
  }

  return (
    <ModalDialog title="Delete your account?" onCancel={onCancel}>
      <form
        noValidate
        aria-label="Delete your account"
        onSubmit={(event) => void form.handleSubmit(submit)(event)}
        className="mt-3 flex flex-col gap-4 text-sm text-ink-700 dark:text-ink-200"
      >
        <div>
          <p className="font-semibold">Removed for good</p>
          <ul className="mt-1 list-disc pl-5">
            <li>your letters and their earlier versions</li>
            <li>your settings, letterhead and unsent drafts</li>
            <li>your name, e-mail address and password</li>
            <li>your sessions: every device is signed out</li>
          </ul>
        </div>
        <div>
          <p className="font-semibold">Kept for the accounts</p>
          <p className="mt-1">
            Your purchases, letter credits, refunds and any commissions stay in the records, with no
            name or e-mail attached. Your e-mail address can be used to sign up again.
          </p>
        </div>
        <p>This cannot be undone. Download your data first if you want a copy.</p>
        <FormAlert message={refusal} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...form.register('password')}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={isSubmitting} aria-busy={isSubmitting}>
            {isSubmitting ? 'Deleting…' : 'Delete My Account'}
          </Button>
        </div>
      </form>
    </ModalDialog>
  )
}
