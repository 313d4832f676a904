import { useEffect, useState } from 'react'
import {
  formatBytes,
  readStorageStatus,
  requestPersistentStorage,
  type StorageStatus,
} from '@/lib/storage-status'
import { Button } from '@/ui/button'

export const STORAGE_DECLINED =
  'The browser declined for now. Browsers keep data for sites that are installed or used often; until then, export a backup now and then.'

/** Whether the browser promised to keep the data, and how much room it takes. */
export function StoragePanel() {
  const [status, setStatus] = useState<StorageStatus | null>(null)
  const [declined, setDeclined] = useState(false)

  const refresh = () => void readStorageStatus().then(setStatus)
  useEffect(refresh, [])

  async function askToKeep() {
    setDeclined(!(await requestPersistentStorage()))
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
      {/* Browsers decide for themselves, without asking the person; say so rather than do nothing. */}
      <p role="status" className={declined ? 'text-ink-700 dark:text-ink-200' : 'sr-only'}>
        {declined && status.persisted !== true ? STORAGE_DECLINED : ''}
      </p>
    </div>
  )
}
