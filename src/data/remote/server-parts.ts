import type { KeyValueStore } from '../browser-storage'
import type { LetterheadDatabase } from '../database'
import { guardStorage } from '../dexie/storage-guard'
import { endSessionOf } from '../dexie/server-session'
import type { AccountParts } from '../repository'
import { type ApiClient, createApiClient } from './api-client'
import { pendingSignOut } from './pending-sign-out'
import { createServerAccount } from './server-account'
import { createServerAdmin } from './server-admin'
import { createServerAuth } from './server-auth'
import { createServerPayments } from './server-payments'
import type { ServerContext } from './server-context'
import type { PokeSource } from '../sync/sync-engine'
import type { LeaderOptions } from '../sync/sync-leader'
import { createServerSync } from '../sync/server-sync'

export type ServerPartsOptions = {
  db: LetterheadDatabase
  clock?: () => Date
  client?: ApiClient
  store: KeyValueStore | null
  /** The session ended elsewhere and has now ended on this device: the app tells the person. */
  onSessionEnded: () => void
  /** Where `online`, `offline` and `focus` are announced; a sign-out left from offline is sent then. */
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null
  /** The server no longer syncs with this version of the app: offer the update. */
  onClientTooOld?: () => void
  /** The server's pokes to pull; an EventSource in the browser, none where there is none. */
  pokes?: ((path: string) => PokeSource) | null
  leader?: LeaderOptions
}

/**
 * The server-backed auth and account parts, loaded only in server mode;
 * every other part of the repository stays on the device for now.
 */
export function createServerParts({
  db,
  clock = () => new Date(),
  client = createApiClient(),
  store,
  onSessionEnded,
  events = globalThis.window ?? null,
  onClientTooOld = () => undefined,
  pokes = typeof EventSource === 'function' ? (path) => new EventSource(path) : null,
  leader,
}: ServerPartsOptions): AccountParts {
  const signOuts = pendingSignOut(store, client)
  const context: ServerContext = {
    db,
    clock,
    client,
    signOuts,
    endedElsewhere: async (userId) => {
      if (await endSessionOf(db, userId)) onSessionEnded()
    },
  }
  events?.addEventListener('online', () => void signOuts.flush())
  return {
    auth: guardStorage(createServerAuth(context)),
    account: guardStorage(createServerAccount(context)),
    payments: guardStorage(createServerPayments(context)),
    serverAdmin: createServerAdmin(context),
    sync: createServerSync({
      db,
      clock,
      client,
      events,
      pokes,
      leader,
      onClientTooOld,
      onSessionExpired: context.endedElsewhere,
    }),
  }
}
