import { newId } from '@/domain/ids'
import type { ErrorReport } from '@/domain/types'
import type { DiagnosticsRepository, SettingsRepository } from '../repository'
import type { RepositoryContext } from './context'
import { stamp } from './context'

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

export function createSettingsRepository({ db }: RepositoryContext): SettingsRepository {
  return {
    async get(key) {
      return (await db.settings.get(key))?.value
    },
    async set(key, value) {
      await db.settings.put({ key, value })
    },
  }
}
