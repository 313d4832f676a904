import { useCallback, useSyncExternalStore } from 'react'
import { useRepository } from './repository-context'
import type { SyncStatus } from './sync/sync-status'

/** The sync status of this device's account, as the repository reports it, kept current. */
export function useSyncStatus(): SyncStatus {
  const { sync } = useRepository()
  const subscribe = useCallback((onChange: () => void) => sync.onStatus(onChange), [sync])
  const status = () => sync.status()
  // The server snapshot is what the build draws the dashboard's first-paint frame with (decision 040).
  return useSyncExternalStore(subscribe, status, status)
}
