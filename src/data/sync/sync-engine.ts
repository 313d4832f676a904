import { liveQuery } from 'dexie'
import { SYNC_PATHS } from '@/domain/sync'
import { SESSION_KEY } from '../dexie/context'
import { onOutboxWritten } from '../dexie/outbox'
import type { RefusedChange } from './push-outbox'
import { SYNC_OFF, type SyncStatus } from './sync-status'
import { startSyncing, startSyncingTables } from './sync-state'
import { createUserSync, type UserSync, type UserSyncDeps } from './user-sync'

/** Devices pull at least this often, whatever else happens (DESIGN.md §7). */
export const PULL_EVERY_MS = 60_000

/** The server's "pull" pokes: an EventSource in the browser. */
export type PokeSource = {
  addEventListener(type: 'pull', listener: () => void): void
  close(): void
}

export type SyncEngineDeps = Omit<UserSyncDeps, 'publish' | 'onRefused'> & {
  /** Where `online`, `offline` and `focus` are announced; null in tests that announce nothing. */
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null
  pokes?: ((path: string) => PokeSource) | null
}

export type SyncEngine = {
  /** Follows whoever is signed in on this device and syncs their data until `stop`. */
  start(): void
  stop(): void
  /** A whole round now: push what waits, pull to the end. */
  syncNow(): Promise<void>
  status(): SyncStatus
  onStatus(listener: (status: SyncStatus) => void): () => void
  onRefused(listener: (refused: RefusedChange[]) => void): () => void
}

/** The sync engine of one tab (the one holding the sync lock, see sync-leader.ts). */
export function createSyncEngine(deps: SyncEngineDeps): SyncEngine {
  const { db, clock } = deps
  const statusListeners = new Set<(status: SyncStatus) => void>()
  const refusalListeners = new Set<(refused: RefusedChange[]) => void>()
  let current: SyncStatus = SYNC_OFF
  let user: { id: string; sync: UserSync; stop: () => void } | null = null
  let sessionWatch: { unsubscribe(): void } | null = null
  // One change of account at a time, in the order they happened.
  let following = Promise.resolve()

  const publish = (status: SyncStatus) => {
    current = status
    for (const listener of statusListeners) listener(status)
  }

  async function follow(userId: string | null) {
    if (user?.id === userId) return
    user?.stop()
    user = null
    publish(SYNC_OFF)
    if (!userId) return
    const at = clock().toISOString()
    const state = await db.transaction('rw', startSyncingTables(db), () =>
      startSyncing(db, userId, at),
    )
    const sync = createUserSync(
      {
        ...deps,
        publish,
        onRefused: (refused) => refusalListeners.forEach((listener) => listener(refused)),
      },
      state,
    )
    user = { id: userId, sync, stop: watchTriggers(state.clientId, sync) }
    void sync.request()
  }

  /** Starts a round whenever there is something to do; answers how to stop listening. */
  function watchTriggers(clientId: string, sync: UserSync): () => void {
    const kick = () => void sync.request()
    let waiting = 0
    const outbox = liveQuery(() => db.outbox.where('clientId').equals(clientId).count()).subscribe(
      (count) => {
        if (count > waiting) kick()
        waiting = count
      },
    )
    const stopWrites = onOutboxWritten(db, kick)
    const offline = () => publish({ ...current, phase: 'offline' })
    const visible = () => {
      if (globalThis.document?.visibilityState !== 'hidden') kick()
    }
    deps.events?.addEventListener('online', kick)
    deps.events?.addEventListener('focus', kick)
    deps.events?.addEventListener('visibilitychange', visible)
    deps.events?.addEventListener('offline', offline)
    const timer = setInterval(kick, PULL_EVERY_MS)
    const pokes = deps.pokes?.(SYNC_PATHS.events)
    pokes?.addEventListener('pull', kick)
    return () => {
      sync.stop()
      outbox.unsubscribe()
      stopWrites()
      deps.events?.removeEventListener('online', kick)
      deps.events?.removeEventListener('focus', kick)
      deps.events?.removeEventListener('visibilitychange', visible)
      deps.events?.removeEventListener('offline', offline)
      clearInterval(timer)
      pokes?.close()
    }
  }

  /** Follows `userId`, after any change of account already under way. */
  function followSession(userId: string | null): Promise<void> {
    following = following.then(() => follow(userId)).catch((error: unknown) => console.warn(error))
    return following
  }

  return {
    start() {
      if (sessionWatch) return
      sessionWatch = liveQuery(() => db.session.get(SESSION_KEY)).subscribe({
        next: (session) => void followSession(session?.userId ?? null),
        error: console.warn,
      })
    },
    stop() {
      sessionWatch?.unsubscribe()
      sessionWatch = null
      user?.stop()
      user = null
    },
    async syncNow() {
      // Whoever is signed in right now, even if the session's change has not been seen yet.
      if (sessionWatch) await followSession((await db.session.get(SESSION_KEY))?.userId ?? null)
      await user?.sync.request()
    },
    status: () => current,
    onStatus(listener) {
      statusListeners.add(listener)
      return () => statusListeners.delete(listener)
    },
    onRefused(listener) {
      refusalListeners.add(listener)
      return () => refusalListeners.delete(listener)
    },
  }
}
