import { liveQuery } from 'dexie'
import { type LetterheadDatabase, openDatabase } from './database'
import { type AuthOptions, createAuthRepository } from './dexie/auth'
import { createReferralsRepository } from './dexie/referrals'
import { createSubscriptionsRepository } from './dexie/subscriptions'
import type { RepositoryContext } from './dexie/context'
import { createDiagnosticsRepository, createSettingsRepository } from './dexie/diagnostics'
import { createLettersRepository } from './dexie/letters'
import { createMessagesRepository } from './dexie/messages'
import type { Repository } from './repository'

export type DexieRepositoryOptions = {
  db?: LetterheadDatabase
  clock?: () => Date
} & AuthOptions

/** The local, IndexedDB-backed repository. */
export function createDexieRepository(options: DexieRepositoryOptions = {}): Repository {
  const context: RepositoryContext = {
    db: options.db ?? openDatabase(),
    clock: options.clock ?? (() => new Date()),
  }
  return {
    auth: createAuthRepository(context, options),
    letters: createLettersRepository(context),
    subscriptions: createSubscriptionsRepository(context),
    referrals: createReferralsRepository(context),
    messages: createMessagesRepository(context),
    diagnostics: createDiagnosticsRepository(context),
    settings: createSettingsRepository(context),
    // Dexie follows a query across its awaits only when the querier is itself an async function.
    observe: (query) => liveQuery(async () => await query()),
  }
}
