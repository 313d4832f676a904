import { HardDrive } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import type { DeviceOnlyData } from '@/data/repository'
import { useRepository } from '@/data/repository-context'
import { useSyncStatus } from '@/data/use-sync-status'
import { isAppError } from '@/domain/errors'
import { Button } from '@/ui/button'
import { FormAlert } from '@/ui/form-alert'
import { loadToast } from '@/ui/lazy-toast'
import { formatCount } from '@/lib/format-count'

const letters = (count: number) => (count === 1 ? '1 letter' : `${formatCount(count)} letters`)

/** What the toast says once device-only letters are copied into the account. */
export const copiedMessage = (count: number) =>
  `${letters(count)} copied into your account. ${
    count === 1 ? 'It' : 'They'
  } will upload when you are online. The device-only account keeps its own copies.`

const failed = (error: unknown) =>
  isAppError(error) ? error.message : 'That did not work. Please try again.'

/**
 * Signed in to a server account on a device that also holds device-only
 * accounts with letters: offers to copy those letters into the account
 * (DESIGN.md §7). Nothing on the device is deleted either way.
 */
export function DeviceDataOffer() {
  const { sync } = useRepository()
  const syncing = useSyncStatus().phase !== 'off'
  const [offer, setOffer] = useState<DeviceOnlyData | null>(null)
  const [closed, setClosed] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const headingId = useId()

  // Asked on mount, and again once syncing begins: until then the account may not be set up here.
  useEffect(() => {
    let current = true
    sync
      .deviceOnlyData()
      .then((found) => {
        if (current && found) setOffer(found)
      })
      .catch((cause: unknown) => console.warn(cause))
    return () => void (current = false)
  }, [sync, syncing])

  if (!offer || closed) return null

  async function answer(choice: 'upload' | 'keep') {
    setError(null)
    setBusy(true)
    try {
      if (choice === 'upload') {
        const { letters: copied } = await sync.uploadDeviceOnlyData()
        const toast = await loadToast()
        toast.success(copiedMessage(copied))
      } else await sync.keepDeviceOnlyDataApart()
      setClosed(true)
    } catch (cause) {
      setError(failed(cause))
      setBusy(false)
    }
  }

  const several = offer.accounts.length > 1
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border border-brass-400 bg-white p-4 text-sm sm:p-5 dark:border-brass-600 dark:bg-ink-900"
    >
      <h2 id={headingId} className="flex gap-2 text-base font-semibold">
        <HardDrive aria-hidden className="mt-0.5 size-4 shrink-0" />
        {several
          ? 'This device has letters from accounts kept only on this device'
          : 'This device has letters from an account kept only on this device'}
      </h2>
      <ul className="flex flex-col gap-1">
        {offer.accounts.map((account) => (
          <li key={account.id}>
            <bdi className="font-medium wrap-anywhere">{account.email}</bdi>:{' '}
            {letters(account.letters)}
          </li>
        ))}
      </ul>
      <p className="text-ink-600 dark:text-ink-300">
        Upload to my account copies {several ? 'these letters' : 'its letters'} into the account you
        are signed in to, so they reach your other devices; the device-only{' '}
        {several ? 'accounts keep their' : 'account keeps its'} own copies. Keep them on this device
        only leaves everything as it is, and Letterhead stops asking.
      </p>
      <FormAlert message={error} />
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void answer('upload')} disabled={busy}>
          Upload to my account
        </Button>
        <Button variant="secondary" onClick={() => void answer('keep')} disabled={busy}>
          Keep them on this device only
        </Button>
        <Button variant="ghost" onClick={() => setClosed(true)} disabled={busy}>
          Not now
        </Button>
      </div>
    </section>
  )
}
