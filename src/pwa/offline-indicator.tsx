import { WifiOff } from 'lucide-react'
import { useOnlineStatus } from './use-online-status'

/** Says so while the browser is offline; everything keeps working from this device. */
export function OfflineIndicator() {
  const online = useOnlineStatus()
  if (online) return null
  return (
    <span
      role="status"
      title="You are offline. Letterhead keeps working and saves everything on this device."
      className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100"
    >
      <WifiOff aria-hidden className="size-3.5" />
      Offline
    </span>
  )
}
