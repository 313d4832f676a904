import type { LetterheadDatabase } from '../database'
import { SESSION_KEY } from '../dexie/context'
import type { SyncRepository } from '../repository'
import { findDeviceOnlyData, keepDeviceOnlyDataApart, uploadDeviceOnlyData } from './device-data'
import { dismissIssue } from './device-only-sync'
import { flushOutbox } from './flush-outbox'
import type { RefusedChange } from './push-outbox'
import { createSyncEngine, type SyncEngineDeps } from './sync-engine'
import { leadOrFollow, type LeaderOptions, type SyncTab } from './sync-leader'

export type ServerSyncOptions = Omit<SyncEngineDeps, 'online'> & {
  online?: () => boolean
  leader?: LeaderOptions
}

/** Server mode's sync part: the engine runs in the tab holding the sync lock. */
export function createServerSync(options: ServerSyncOptions): SyncRepository {
  const { db } = options
  const engine = createSyncEngine({
    online: () => globalThis.navigator?.onLine ?? true,
    ...options,
  })
  let tab: SyncTab | undefined
  const started = () => (tab ??= leadOrFollow(engine, options.leader))

  return {
    start: () => {
      started()
      return Promise.resolve()
    },
    status: () => started().status(),
    onStatus: (listener) => started().onStatus(listener),
    onRefused: (listener: (refused: RefusedChange[]) => void) => engine.onRefused(listener),
    syncNow: () => started().syncNow(),
    flushOutbox: () => flushOutbox(db, () => started().syncNow()),
    pendingChanges: () => pendingChanges(db),
    deviceOnlyData: () => findDeviceOnlyData(db),
    uploadDeviceOnlyData: async () => ({
      letters: await uploadDeviceOnlyData(db, options.clock().toISOString()),
    }),
    keepDeviceOnlyDataApart: () => keepDeviceOnlyDataApart(db),
    dismissIssue: (letterId) => dismissIssue(db, letterId),
  }
}

/** The signed-in account's changes still waiting for the server. */
async function pendingChanges(db: LetterheadDatabase): Promise<number> {
  const session = await db.session.get(SESSION_KEY)
  const state = session ? await db.syncState.get(session.userId) : undefined
  return state ? db.outbox.where('clientId').equals(state.clientId).count() : 0
}
