import { type DatabaseEvents, type LetterheadDatabase, openDatabase } from './database'
import { createDeviceAccountParts } from './dexie/account-parts'
import type { AuthOptions } from './dexie/auth'
import type { RepositoryContext } from './dexie/context'
import { createDataParts } from './dexie/data-parts'
import type { Repository } from './repository'
import { NO_SERVER_AI } from './server-ai-part'

export type DexieRepositoryOptions = {
  db?: LetterheadDatabase
  clock?: () => Date
  events?: DatabaseEvents
} & AuthOptions

/** The local, IndexedDB-backed repository: device-only mode, all of it at once. */
export function createDexieRepository(options: DexieRepositoryOptions = {}): Repository {
  const context: RepositoryContext = {
    db: options.db ?? openDatabase(undefined, options.events),
    clock: options.clock ?? (() => new Date()),
  }
  return {
    ...createDataParts(context),
    ...createDeviceAccountParts(context, options),
    serverAi: NO_SERVER_AI,
  }
}
