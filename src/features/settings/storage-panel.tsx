import { useEffect, useState } from 'react'
import {
  formatBytes,
  readStorageStatus,
  requestPersistentStorage,
  type StorageStatus,
} from '@/lib/storage-status'
import { Button } from '@/ui/button'

/** Whether the browser promised to keep the data, and how much room it takes. */
export function StoragePanel() {
  const [status, setStatus] = useState<StorageStatus | null>(null)

  const refresh = () => void readStorageStatus().then(setStatus)
  useEffect(refresh, [])

  async function askToKeep() {
    await requestPersistentStorage()
    refresh()
  }

  if (!status) return <p className="text-sm text-ink-500 dark:text-ink-300">Reading storage…</p>
  return (
    <div className="flex flex-col gap-3 text-sm">
      <p data-testid="storage-persistence">
        {status.persisted === true
          ? 'Persistent: the browser will not clear Letterhead’s data to free space.'
          : status.persisted === false
            ? 'Not persistent: the browser may clear Letterhead’s data when the device runs low on space. Export a backup now and then.'
            : 'This browser does not say whether it keeps data.'}
      </p>
      <p data-testid="storage-usage">
        {status.usage !== null && status.quota !== null
          ? `Using ${formatBytes(status.usage)} of ${formatBytes(status.quota)} available.`
          : 'This browser does not report how much space is used.'}
      </p>
      {status.persisted === false ? (
        <div>
          <Button variant="secondary" onClick={() => void askToKeep()}>
            Keep Data Persistently
          </Button>
        </div>
      ) : null}
    </div>
  )
}
