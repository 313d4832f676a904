import { newId } from '@/domain/ids'
import type { ErrorReport } from '@/domain/types'
import type { DiagnosticsRepository, SettingsRepository } from '../repository'
import type { RepositoryContext } from './context'
import { SESSION_KEY, stamp } from './context'
import { recordMutation, rowKey, syncTables } from './outbox'
import { syncedSetting } from '../sync/synced-settings'

const MESSAGE_MAX = 2_000
const STACK_MAX = 20_000
const ROUTE_MAX = 2_000

export function createDiagnosticsRepository({
  db,
  clock,
}: RepositoryContext): DiagnosticsRepository {
  return {
    async recordError(report) {
      const row: ErrorReport = {
        id: newId(),
        message: String(report.message).slice(0, MESSAGE_MAX),
        stack: String(report.stack).slice(0, STACK_MAX),
        route: String(report.route).slice(0, ROUTE_MAX),
        ...stamp(clock),
      }
      await db.errors.add(row)
      return row
    },
  }
}

export function createSettingsRepository({ db, clock }: RepositoryContext): SettingsRepository {
  return {
    async get(key) {
      return (await db.settings.get(key))?.value
    },
    async set(key, value) {
      await db.transaction('rw', [db.settings, db.session, ...syncTables(db)], async () => {
        // The server version stays until the next pull, so a late page cannot undo this change.
        const version = (await db.settings.get(key))?.version
        await db.settings.put({ key, value, ...(version === undefined ? {} : { version }) })
        const session = await db.session.get(SESSION_KEY)
        const synced = syncedSetting(key, value)
        if (session && synced) {
          await recordMutation(
            db,
            session.userId,
            'settings.set',
            synced,
            [rowKey('settings', key)],
            clock().toISOString(),
          )
        }
      })
    },
  }
}
