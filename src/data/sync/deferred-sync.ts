import type { SyncRepository } from '../repository'
import { SYNC_OFF } from './sync-status'

type StatusListener = Parameters<SyncRepository['onStatus']>[0]
type RefusalListener = Parameters<SyncRepository['onRefused']>[0]

/**
 * A sync part that loads the real one on first use, answering its status at
 * once: off until the real one has loaded, then the real one's. Listeners are
 * handed over when it loads.
 */
export function deferredSync(load: () => Promise<SyncRepository>): SyncRepository {
  let real: SyncRepository | undefined
  const sync = () =>
    load().then((loaded) => {
      real = loaded
      return loaded
    })
  /** Subscribes once the real part has loaded; unsubscribing first means never subscribing. */
  const listen = (subscribe: (loaded: SyncRepository) => () => void) => {
    let stop: (() => void) | undefined
    let closed = false
    void sync().then((loaded) => {
      if (!closed) stop = subscribe(loaded)
    })
    return () => {
      closed = true
      stop?.()
    }
  }
  return {
    start: async () => (await sync()).start(),
    status: () => real?.status() ?? SYNC_OFF,
    onStatus: (listener: StatusListener) => listen((loaded) => loaded.onStatus(listener)),
    onRefused: (listener: RefusalListener) => listen((loaded) => loaded.onRefused(listener)),
    syncNow: async () => (await sync()).syncNow(),
    flushOutbox: async () => (await sync()).flushOutbox(),
    pendingChanges: async () => (await sync()).pendingChanges(),
    deviceOnlyData: async () => (await sync()).deviceOnlyData(),
    uploadDeviceOnlyData: async () => (await sync()).uploadDeviceOnlyData(),
    keepDeviceOnlyDataApart: async () => (await sync()).keepDeviceOnlyDataApart(),
    dismissIssue: async (letterId) => (await sync()).dismissIssue(letterId),
  }
}
