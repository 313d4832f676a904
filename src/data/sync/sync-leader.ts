import type { SyncEngine } from './sync-engine'
import { SYNC_OFF, type SyncStatus } from './sync-status'

/** The Web Lock the syncing tab holds for as long as it is open. */
export const SYNC_LOCK = 'letterhead:sync'
const CHANNEL = 'letterhead:sync'

type Message = { type: 'status'; status: SyncStatus } | { type: 'sync-now' } | { type: 'hello' }

export type LeaderOptions = {
  locks?: Pick<LockManager, 'request'> | null
  channel?: () => BroadcastChannel | null
}

export type SyncTab = {
  status(): SyncStatus
  onStatus(listener: (status: SyncStatus) => void): () => void
  syncNow(): Promise<void>
  stop(): void
}

/**
 * One tab at a time syncs (DESIGN.md §7): the tab that holds the sync lock
 * runs the engine and tells the other tabs its status; when it closes, the
 * browser hands the lock to the next tab. The other tabs' writes reach the
 * syncing tab through the shared outbox. Without Web Locks every tab syncs,
 * which the protocol allows: the server applies each mutation once.
 */
export function leadOrFollow(engine: SyncEngine, options: LeaderOptions = {}): SyncTab {
  const locks = options.locks === undefined ? (globalThis.navigator?.locks ?? null) : options.locks
  const channel =
    options.channel === undefined
      ? typeof BroadcastChannel === 'function'
        ? new BroadcastChannel(CHANNEL)
        : null
      : options.channel()
  const listeners = new Set<(status: SyncStatus) => void>()
  let leading = false
  let shown: SyncStatus = SYNC_OFF
  let release: () => void = () => undefined

  const show = (status: SyncStatus) => {
    shown = status
    for (const listener of listeners) listener(status)
  }
  const post = (message: Message) => channel?.postMessage(message)

  engine.onStatus((status) => {
    show(status)
    post({ type: 'status', status })
  })
  if (channel) {
    channel.onmessage = (event: MessageEvent<Message>) => {
      const message = event.data
      if (message.type === 'status' && !leading) show(message.status)
      else if (message.type === 'sync-now' && leading) void engine.syncNow()
      else if (message.type === 'hello' && leading) post({ type: 'status', status: shown })
    }
  }

  const lead = () => {
    leading = true
    engine.start()
  }
  if (locks) {
    void locks.request(SYNC_LOCK, () => {
      lead()
      return new Promise<void>((resolve) => (release = resolve))
    })
    post({ type: 'hello' })
  } else lead()

  return {
    status: () => shown,
    onStatus(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async syncNow() {
      if (leading) await engine.syncNow()
      else post({ type: 'sync-now' })
    },
    stop() {
      engine.stop()
      release()
      channel?.close()
    },
  }
}
