import { resolve } from 'node:path'
import type { Config } from '../config'
import { BackupError } from './errors'
import { backupKindOf, defaultBackupPath } from './files'
import { backUpPglite, restorePglite } from './pglite'
import { backUpPostgres, postgresPlace, restorePostgres } from './postgres'

/** The database the server is configured for: PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR. */
export type BackupTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string }

export function targetOf(config: Pick<Config, 'databaseUrl' | 'dataDir'>): BackupTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir }
}

/** Where a target is, in words that hold no password. */
export function describeTarget(target: BackupTarget): string {
  return target.kind === 'postgres'
    ? `PostgreSQL (DATABASE_URL, ${postgresPlace(target.url)})`
    : `PGlite in ${resolve(target.dataDir)} (DATA_DIR)`
}

/** Writes a consistent copy of the target's database; answers where and how large. */
export async function backUp(
  target: BackupTarget,
  options: { path?: string; now?: Date } = {},
): Promise<{ path: string; bytes: number }> {
  const path = resolve(options.path ?? defaultBackupPath(target.kind, options.now ?? new Date()))
  const bytes =
    target.kind === 'postgres'
      ? await backUpPostgres(target.url, path)
      : await backUpPglite(target.dataDir, path)
  return { path, bytes }
}

/** Loads a backup into the target, which must hold no data; refuses otherwise, changing nothing. */
export async function restore(target: BackupTarget, file: string): Promise<void> {
  const kind = backupKindOf(file)
  if (kind !== target.kind) {
    throw new BackupError(
      kind === 'pglite'
        ? `${resolve(file)} is a PGlite backup (DATA_DIR), but DATABASE_URL is set, so this restore is for PostgreSQL. Unset DATABASE_URL to restore it into DATA_DIR.`
        : `${resolve(file)} is a PostgreSQL backup (pg_dump), but DATABASE_URL is not set. Set DATABASE_URL to the empty PostgreSQL database to restore it into.`,
    )
  }
  if (target.kind === 'postgres') await restorePostgres(target.url, file)
  else await restorePglite(target.dataDir, file)
}
