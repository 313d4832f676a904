import type { SyncStatus } from '@/data/sync/sync-status'
import { useSyncStatus } from '@/data/use-sync-status'
import { formatCount } from '@/lib/format-count'

/** What the bar says: "Downloading your letters… 2,400 of 10,000". */
export function downloadText({ received, total }: NonNullable<SyncStatus['download']>): string {
  return `Downloading your letters… ${formatCount(received)} of ${formatCount(total)}`
}

/**
 * A new device's first download, under the header. It never covers the
 * dashboard: the letters already here can be read and written meanwhile.
 */
export function SyncDownloadProgress() {
  const { download } = useSyncStatus()
  if (!download) return null
  const { received, total } = download
  return (
    <div className="border-b border-ink-100 bg-paper/90 dark:border-ink-800 dark:bg-ink-950/90">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 sm:px-6">
        <p className="text-sm text-ink-700 tabular-nums dark:text-ink-200">
          {downloadText(download)}
        </p>
        <progress
          aria-label="Downloading your letters"
          value={Math.min(received, total)}
          max={Math.max(total, 1)}
          className="h-2 min-w-32 flex-1 overflow-hidden rounded-full accent-ink-700 dark:accent-brass-400 [&::-moz-progress-bar]:bg-ink-700 dark:[&::-moz-progress-bar]:bg-brass-400 [&::-webkit-progress-bar]:bg-ink-100 dark:[&::-webkit-progress-bar]:bg-ink-800 [&::-webkit-progress-value]:bg-ink-700 dark:[&::-webkit-progress-value]:bg-brass-400"
        />
      </div>
    </div>
  )
}
