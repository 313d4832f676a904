/** What the header's sync status says (DESIGN.md §4). */
export type SyncPhase =
  /** Device-only mode, or nobody signed in: nothing syncs. */
  | 'off'
  | 'synced'
  | 'syncing'
  | 'offline'
  /** Something went wrong; the next try is scheduled. */
  | 'retrying'
  /** The server refuses this version of the app: the update prompt shows, the outbox waits. */
  | 'update-required'

export type SyncStatus = {
  phase: SyncPhase
  /** Mutations in the outbox, not yet acknowledged by the server. */
  pending: number
  /** A new device's first download: letters received so far, of how many. */
  download: { received: number; total: number } | null
}

export const SYNC_OFF: SyncStatus = { phase: 'off', pending: 0, download: null }

/** The status text, word for word as DESIGN.md §4 gives it. */
export function syncStatusText({ phase, pending }: SyncStatus): string | null {
  switch (phase) {
    case 'off':
      return null
    case 'offline':
      return 'Offline'
    case 'syncing':
      return 'Syncing…'
    case 'synced':
      return pending > 0 ? `${pending} changes waiting` : 'Synced'
    case 'update-required':
      return `${pending} changes waiting`
    case 'retrying':
      // Nothing of ours is waiting: what fails is hearing from the server, which is being offline.
      return pending > 0 ? `${pending} changes waiting` : 'Offline'
  }
}
