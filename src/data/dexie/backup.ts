import { AppError } from '@/domain/errors'
import {
  BACKUP_ERRORS,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BACKUP_PRIMARY_KEYS,
  BACKUP_TABLES,
  type BackupFile,
  backupFileSchema,
} from '@/domain/backup-schema'
import type { Subscription, User } from '@/domain/types'
import { backfillIdempotencyKey, SCHEMA_VERSION } from '../database'
import { recountTallies } from '../letter-tallies'
import type { BackupRepository } from '../repository'
import { type RepositoryContext, readTransaction, requireRole } from './context'

const fail = (message: string) => new AppError('INVALID_INPUT', message)

/** Checks a parsed file and brings rows from an older schema up to this one. */
export function readBackup(input: unknown): BackupFile {
  if (
    typeof input !== 'object' ||
    input === null ||
    (input as { format?: unknown }).format !== BACKUP_FORMAT
  ) {
    throw fail(BACKUP_ERRORS.notBackup)
  }
  const { formatVersion, schemaVersion } = input as {
    formatVersion?: unknown
    schemaVersion?: unknown
  }
  if (
    (typeof formatVersion === 'number' && formatVersion > BACKUP_FORMAT_VERSION) ||
    (typeof schemaVersion === 'number' && schemaVersion > SCHEMA_VERSION)
  ) {
    throw fail(BACKUP_ERRORS.newer)
  }
  const parsed = backupFileSchema.safeParse(input)
  if (!parsed.success) throw fail(BACKUP_ERRORS.corrupt)
  for (const table of BACKUP_TABLES) {
    const key = BACKUP_PRIMARY_KEYS[table]
    if (parsed.data.tables[table].some((row) => typeof row[key] !== 'string'))
      throw fail(BACKUP_ERRORS.corrupt)
  }
  const { users, letters, subscriptions } = parsed.data.tables
  if (parsed.data.schemaVersion < 2) {
    for (const subscription of subscriptions) backfillIdempotencyKey(subscription as Subscription)
  }
  // Counted from the rows whatever the file says, so the tallies and the letters always agree.
  recountTallies({
    users: users as User[],
    letters,
    subscriptions: subscriptions as Subscription[],
  })
  return parsed.data
}

export function createBackupRepository({ db, clock }: RepositoryContext): BackupRepository {
  const tables = () => BACKUP_TABLES.map((table) => db.table(table))

  return {
    async exportAll() {
      return readTransaction(db, [...tables(), db.session, db.users], async () => {
        await requireRole(db, ['user', 'employee', 'admin'])
        const entries = await Promise.all(
          BACKUP_TABLES.map(async (table) => [table, await db.table(table).toArray()] as const),
        )
        return {
          format: BACKUP_FORMAT,
          formatVersion: BACKUP_FORMAT_VERSION,
          schemaVersion: SCHEMA_VERSION,
          exportedAt: clock().toISOString(),
          tables: Object.fromEntries(entries) as BackupFile['tables'],
        }
      })
    },

    /** On a device with no accounts anyone may restore; otherwise only someone signed in. */
    async importAll(input) {
      if ((await db.users.count()) > 0) await requireRole(db, ['user', 'employee', 'admin'])
      const backup = readBackup(input)
      try {
        // One transaction: the database is replaced whole, or not touched at all.
        await db.transaction('rw', tables(), async () => {
          for (const table of BACKUP_TABLES) {
            await db.table(table).clear()
            await db.table(table).bulkAdd(backup.tables[table])
          }
        })
      } catch (error) {
        if (error instanceof AppError) throw error
        throw fail(BACKUP_ERRORS.corrupt)
      }
      return { rows: BACKUP_TABLES.reduce((sum, table) => sum + backup.tables[table].length, 0) }
    },
  }
}
