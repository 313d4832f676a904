import {
  CloudCheck,
  CloudOff,
  CloudUpload,
  type LucideIcon,
  RefreshCw,
  TriangleAlert,
} from 'lucide-react'
import { type SyncStatus, syncStatusText } from '@/data/sync/sync-status'
import { useSyncStatus } from '@/data/use-sync-status'
import { OfflineIndicator } from '@/pwa/offline-indicator'
import { cn } from '@/ui/cn'

type Look = { icon: LucideIcon; tone: string; title: string }

const CALM = 'bg-ink-100 text-ink-800 dark:bg-ink-800 dark:text-ink-100'
const WAITING = 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100'

const waiting = (pending: number, why: string): Look => ({
  icon: CloudUpload,
  tone: WAITING,
  title: `${pending === 1 ? '1 change' : `${pending} changes`} made on this device ${
    pending === 1 ? 'has' : 'have'
  } not reached your account yet. ${why}`,
})

/** The badge's icon, colour and the sentence its tooltip gives. */
export function syncLook({ phase, pending }: SyncStatus): Look {
  switch (phase) {
    case 'off':
    case 'synced':
      if (pending > 0) return waiting(pending, 'They upload in a moment.')
      return {
        icon: CloudCheck,
        tone: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
        title: 'Everything on this device is saved to your account.',
      }
    case 'syncing':
      return {
        icon: RefreshCw,
        tone: CALM,
        title: 'Sending your changes to your account and fetching changes from your other devices.',
      }
    case 'offline':
      return {
        icon: CloudOff,
        tone: WAITING,
        title:
          'You are offline. Letterhead keeps working and saves on this device; changes upload when you are back online.',
      }
    case 'retrying':
      if (pending > 0)
        return waiting(pending, 'The server cannot be reached; Letterhead keeps trying.')
      return {
        icon: CloudOff,
        tone: WAITING,
        title: 'The server cannot be reached right now. Letterhead keeps working and keeps trying.',
      }
    case 'update-required':
      return {
        icon: TriangleAlert,
        tone: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100',
        title:
          'This version of Letterhead is too old to sync. Update it to send your changes; they are kept on this device until then.',
      }
  }
}

/**
 * The header's sync state (DESIGN.md §4). Device-only mode, where nothing
 * syncs, keeps the plain offline badge; server mode shows one status whose
 * text is exactly the state's name.
 */
export function SyncStatusBadge() {
  const status = useSyncStatus()
  const text = syncStatusText(status)
  if (status.phase === 'off' || text === null) return <OfflineIndicator />
  const { icon: Icon, tone, title } = syncLook(status)
  return (
    <span
      role="status"
      title={title}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-semibold whitespace-nowrap',
        tone,
      )}
    >
      <Icon
        aria-hidden
        className={cn('size-3.5', status.phase === 'syncing' && 'motion-safe:animate-spin')}
      />
      {text}
    </span>
  )
}
