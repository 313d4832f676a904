import { liveQuery } from 'dexie'
import type { AccountParts, Repository } from '../repository'
import { createAdminRepository } from './admin'
import { createBackupRepository } from './backup'
import type { RepositoryContext } from './context'
import { createDraftsRepository } from './drafts'
import { createDiagnosticsRepository, createSettingsRepository } from './diagnostics'
import { createLettersRepository } from './letters'
import { createMessagesRepository } from './messages'
import { createReferralsRepository } from './referrals'
import { guardStorage } from './storage-guard'
import { createSubscriptionsRepository } from './subscriptions'

/** Everything but the accounts and the server's AI: on the device in both modes. */
export type DataParts = Omit<Repository, keyof AccountParts | 'serverAi'>

export function createDataParts(context: RepositoryContext): DataParts {
  return {
    letters: guardStorage(createLettersRepository(context)),
    subscriptions: guardStorage(createSubscriptionsRepository(context)),
    referrals: guardStorage(createReferralsRepository(context)),
    messages: guardStorage(createMessagesRepository(context)),
    diagnostics: guardStorage(createDiagnosticsRepository(context)),
    backup: guardStorage(createBackupRepository(context)),
    settings: guardStorage(createSettingsRepository(context)),
    drafts: guardStorage(createDraftsRepository(context)),
    admin: guardStorage(createAdminRepository(context)),
    // Dexie follows a query across its awaits only when the querier is itself an async function.
    observe: (query) => liveQuery(async () => await query()),
  }
}
