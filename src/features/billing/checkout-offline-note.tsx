import { WifiOff } from 'lucide-react'
import { useSyncExternalStore } from 'react'
import { useSyncStatus } from '@/data/use-sync-status'

/** Whether this device syncs with a Letterhead server (server mode), as the sync status says. */
function useServerMode(): boolean {
  return useSyncStatus().phase !== 'off'
}

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}

/**
 * In server mode, buying a plan is the server's work (DESIGN.md §8): offline,
 * the Subscription tab says so before anyone fills in a card, and Pay refuses
 * without sending or writing anything. Device-only checkout works offline.
 */
export function CheckoutOfflineNote() {
  const server = useServerMode()
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine)
  if (online || !server) return null
  return (
    <p
      role="status"
      className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <WifiOff aria-hidden className="mt-0.5 size-4 shrink-0" />
      Buying a plan needs a connection to the Letterhead server. You are offline: the letters you
      have left still work, and you can buy a plan when you are back online.
    </p>
  )
}
