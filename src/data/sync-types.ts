import type { MutationName } from '@/domain/sync'

/** A write waiting for the server, in the order it was made (docs/decisions/021-sync-protocol.md). */
export type OutboxEntry = {
  clientId: string
  /** Increases per client; the server skips any id it has already applied. */
  id: number
  userId: string
  name: MutationName
  args: unknown
  /** The rows it changes (`letters:<id>`), which keep their local state until it is acknowledged. */
  keys: string[]
  createdAt: string
}

/** One account's sync on this device. */
export type SyncState = {
  userId: string
  clientId: string
  /** The server version this device has every row up to. */
  cursor: number
  /**
   * The sync schema the cursor was pulled with: a newer schema may bring
   * tables the old pulls left out, so the device pulls again from the start.
   */
  schemaVersion?: number
  /** The id the next mutation gets. */
  nextMutationId: number
  /** Whether the first full download has finished. */
  downloaded: boolean
}
