import { liveQuery } from 'dexie'
import { type DatabaseEvents, type LetterheadDatabase, openDatabase } from './database'
import { createAdminRepository } from './dexie/admin'
import { type AuthOptions, createAuthRepository } from './dexie/auth'
import { createBackupRepository } from './dexie/backup'
import type { RepositoryContext } from './dexie/context'
import { createDiagnosticsRepository, createSettingsRepository } from './dexie/diagnostics'
import { createLettersRepository } from './dexie/letters'
import { createMessagesRepository } from './dexie/messages'
import { createReferralsRepository } from './dexie/referrals'
import { guardStorage } from './dexie/storage-guard'
import { createSubscriptionsRepository } from './dexie/subscriptions'
import type { Repository } from './repository'

export type DexieRepositoryOptions = {
  db?: LetterheadDatabase
  clock?: () => Date
  events?: DatabaseEvents
} & AuthOptions

/** The local, IndexedDB-backed repository. */
export function createDexieRepository(options: DexieRepositoryOptions = {}): Repository {
  const context: RepositoryContext = {
    db: options.db ?? openDatabase(undefined, options.events),
    clock: options.clock ?? (() => new Date()),
  }
  return {
    auth: guardStorage(createAuthRepository(context, options)),
    letters: guardStorage(createLettersRepository(context)),
    subscriptions: guardStorage(createSubscriptionsRepository(context)),
    referrals: guardStorage(createReferralsRepository(context)),
    messages: guardStorage(createMessagesRepository(context)),
    diagnostics: guardStorage(createDiagnosticsRepository(context)),
    backup: guardStorage(createBackupRepository(context)),
    settings: guardStorage(createSettingsRepository(context)),
    admin: guardStorage(createAdminRepository(context)),
    // Dexie follows a query across its awaits only when the querier is itself an async function.
    observe: (query) => liveQuery(async () => await query()),
  }
}
