import { appMode, type AppMode, queuesForServer } from './app-mode'
import { browserStore } from './browser-storage'
import { type DatabaseEvents, openDatabase } from './database'
import { type RepositoryContext, signedInUser } from './dexie/context'
import { createDataParts } from './dexie/data-parts'
import { createInboxParts } from './inbox-parts'
import { lazyAccounts } from './lazy-accounts'
import type { AccountParts, Repository } from './repository'
import { lazyServerAi, NO_SERVER_AI } from './server-ai-part'

export type AppRepositoryOptions = {
  events?: DatabaseEvents
  /** The server ended this device's session (elsewhere, expired, password changed). */
  onSessionEnded: () => void
  /** The server no longer syncs with this version of the app: offer the update. */
  onClientTooOld?: () => void
  mode?: () => Promise<AppMode>
}

/**
 * The app's repository. The data is the device's in both modes; accounts
 * are the server's in server mode and the device's otherwise, and the mode
 * is asked only when an account call first needs it (data/app-mode.ts).
 */
export function createAppRepository({
  events,
  onSessionEnded,
  onClientTooOld,
  mode = appMode,
}: AppRepositoryOptions): Repository {
  const context: RepositoryContext = {
    db: openDatabase(undefined, events),
    clock: () => new Date(),
  }
  const loadAccounts = async (): Promise<AccountParts> => {
    if ((await mode()) === 'server') {
      const { createServerParts } = await import('./remote/server-parts')
      return createServerParts({
        ...context,
        store: browserStore(),
        onSessionEnded,
        onClientTooOld,
      })
    }
    const { createDeviceAccountParts } = await import('./dexie/account-parts')
    return createDeviceAccountParts(context)
  }
  const accounts = lazyAccounts(() => signedInUser(context.db), loadAccounts)
  return {
    ...createDataParts(context),
    // Contact messages and error reports also go to the server in server mode, queued offline.
    ...createInboxParts(context, {
      queuesForServer: () => queuesForServer(mode),
      sender: async () =>
        (await import('./remote/inbox-delivery')).createInboxDelivery({ db: context.db }),
    }),
    ...accounts,
    serverAi: lazyServerAi(async () => {
      if ((await mode()) !== 'server') return NO_SERVER_AI
      const { createServerAi } = await import('./remote/server-ai')
      // The letter it writes reaches the server by sync, pushed first.
      return createServerAi({
        db: context.db,
        flushOutbox: () => accounts.sync.flushOutbox(),
        onSessionEnded,
      })
    }),
  }
}
