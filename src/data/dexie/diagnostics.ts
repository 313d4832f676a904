import { newId } from '@/domain/ids'
import { ERROR_REPORT_LIMITS } from '@/domain/inbox-api'
import type { ErrorReport } from '@/domain/types'
import type { LetterheadDatabase } from '../database'
import type { DiagnosticsRepository, NewErrorReport, SettingsRepository } from '../repository'
import type { SyncState } from '../sync-types'
import type { RepositoryContext } from './context'
import { SESSION_KEY, stamp } from './context'
import { readSyncState, recordMutation, rowKey, syncTables } from './outbox'
import { syncedSetting } from '../sync/synced-settings'

/** The row an error is recorded as, cut to the lengths the server keeps. */
export function errorRow(report: NewErrorReport, clock: () => Date): ErrorReport {
  return {
    id: newId(),
    message: String(report.message).slice(0, ERROR_REPORT_LIMITS.message),
    stack: String(report.stack).slice(0, ERROR_REPORT_LIMITS.stack),
    route: String(report.route).slice(0, ERROR_REPORT_LIMITS.route),
    ...stamp(clock),
  }
}

export function createDiagnosticsRepository({
  db,
  clock,
}: RepositoryContext): DiagnosticsRepository {
  return {
    async recordError(report) {
      const row = errorRow(report, clock)
      await db.errors.add(row)
      return row
    },
  }
}

/** The signed-in account's sync state; none when nobody is signed in or it does not sync. */
async function signedInSyncState(db: LetterheadDatabase): Promise<SyncState | undefined> {
  const session = await db.session.get(SESSION_KEY)
  return session ? readSyncState(db, session.userId) : undefined
}

export function createSettingsRepository({ db, clock }: RepositoryContext): SettingsRepository {
  return {
    async get(key) {
      return (await db.settings.get(key))?.value
    },
    async set(key, value) {
      await db.transaction('rw', [db.settings, db.session, ...syncTables(db)], async () => {
        const synced = syncedSetting(key, value)
        // A synced setting reads its sync state beside the setting: read after, it would cost one
        // more round trip to storage before the mutation could be written with the setting.
        const [local, syncState] = await Promise.all([
          db.settings.get(key),
          synced ? signedInSyncState(db) : undefined,
        ])
        // The server version stays until the next pull, so a late page cannot undo this change.
        const version = local?.version
        const at = clock().toISOString()
        await Promise.all([
          db.settings.put({ key, value, ...(version === undefined ? {} : { version }) }),
          synced
            ? recordMutation(db, syncState, 'settings.set', synced, [rowKey('settings', key)], at)
            : undefined,
        ])
      })
    },
  }
}
