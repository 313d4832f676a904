import { useEffect, useState } from 'react'
import type { SignOutOptions } from '@/data/repository'
import { useRepository } from '@/data/repository-context'
import { Button } from '@/ui/button'
import { FormAlert } from '@/ui/form-alert'
import { ModalDialog } from '@/ui/modal-dialog'
import { formatCount } from '@/lib/format-count'

export const REMOVE_DATA = 'Sign out and remove data from this device'

/** "3 changes on this device have not reached the server yet." */
export const notUploaded = (count: number) =>
  count === 1
    ? '1 change on this device has not reached the server yet.'
    : `${formatCount(count)} changes on this device have not reached the server yet.`

type Step = 'choosing' | 'checking' | 'uploading' | 'signing-out'

type SignOutDialogProps = {
  signOut: (options?: SignOutOptions) => Promise<boolean>
  onClose: () => void
}

/**
 * Server mode's sign-out: the letters stay in the account either way; removing
 * them from this device is for a device that is not the person's own. Changes
 * the server has not had yet are uploaded first when possible, and never
 * removed without asking twice.
 */
export function SignOutDialog({ signOut, onClose }: SignOutDialogProps) {
  const { sync } = useRepository()
  const [pending, setPending] = useState(0)
  const [step, setStep] = useState<Step>('choosing')
  /** Set once the person has been told the changes would be lost and asked again. */
  const [stillWaiting, setStillWaiting] = useState<number | null>(null)
  const busy = step !== 'choosing'

  useEffect(() => {
    let current = true
    sync
      .pendingChanges()
      .then((count) => {
        if (current) setPending(count)
      })
      .catch((error: unknown) => console.warn(error))
    return () => void (current = false)
  }, [sync])

  async function finish(options?: SignOutOptions) {
    setStep('signing-out')
    // On failure the toast says so; the dialog goes, so it does not cover the toast.
    if (!(await signOut(options))) onClose()
  }

  async function remove() {
    if (stillWaiting !== null) return finish({ removeData: true })
    setStep('checking')
    let waiting = await sync.pendingChanges().catch(() => pending)
    if (waiting > 0 && navigator.onLine) {
      setStep('uploading')
      // One more chance for them to reach the account before this device's copy goes.
      await sync.syncNow().catch((error: unknown) => console.warn(error))
      waiting = await sync.pendingChanges().catch(() => waiting)
    }
    if (waiting > 0) {
      setPending(waiting)
      setStillWaiting(waiting)
      setStep('choosing')
      return
    }
    await finish({ removeData: true })
  }

  return (
    <ModalDialog title="Sign out of Letterhead?" onCancel={onClose}>
      <div className="mt-2 flex flex-col gap-3 text-sm text-ink-600 dark:text-ink-300">
        <p>
          Your letters stay in your account: sign in again, here or on another device, and they are
          all there.
        </p>
        {pending > 0 ? (
          <p className="font-semibold text-amber-900 dark:text-amber-200">
            {notUploaded(pending)} Signing out keeps them on this device; they upload the next time
            you sign in here.
          </p>
        ) : null}
        <p>
          {REMOVE_DATA} is for a shared or borrowed device: it deletes this account’s letters and
          settings from this device only.
          {pending > 0
            ? ' Removing the data now would lose the changes that have not reached the server.'
            : null}
        </p>
        <FormAlert
          message={
            stillWaiting === null
              ? null
              : `${notUploaded(stillWaiting)} Removing the data now would lose them. Choose ${REMOVE_DATA} again to remove them anyway, or Sign out to keep them here.`
          }
        />
        <p aria-live="polite" className="empty:hidden">
          {step === 'uploading' ? 'Uploading…' : null}
        </p>
      </div>
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
        <Button variant="ghost" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="secondary" onClick={() => void remove()} disabled={busy}>
          {REMOVE_DATA}
        </Button>
        <Button onClick={() => void finish()} disabled={busy}>
          Sign out
        </Button>
      </div>
    </ModalDialog>
  )
}
