import { closeSync, mkdirSync, openSync, readSync, renameSync, rmSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import type { DatabaseKind } from '../db/database'
import { BackupError } from './errors'

/** Where `npm run backup` writes when it is not told: ./backups under the working folder. */
export const DEFAULT_BACKUP_FOLDER = 'backups'

const EXTENSION: Record<DatabaseKind, string> = {
  // PGlite's dumpDataDir: the data directory, tarred and gzipped.
  pglite: 'tar.gz',
  // pg_dump's custom format, read by pg_restore.
  postgres: 'dump',
}

/** `backups/letterhead-pglite-2026-11-25T09-00-00Z.tar.gz`: sorts by time, safe in any file system. */
export function defaultBackupPath(kind: DatabaseKind, now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-')
  return resolve(DEFAULT_BACKUP_FOLDER, `letterhead-${kind}-${stamp}.${EXTENSION[kind]}`)
}

/**
 * Writes a backup through `write(partial)` into a file beside `path`, then
 * renames it into place: a backup cut short never looks like a whole one.
 * Readable by its owner only, since it holds password hashes and letters.
 */
export async function writeBackupFile(
  path: string,
  write: (partial: string) => Promise<void>,
): Promise<number> {
  const target = resolve(path)
  mkdirSync(dirname(target), { recursive: true })
  if (existsAsFile(target)) throw new BackupError(`${target} exists already; choose another name.`)
  const partial = `${target}.partial`
  try {
    await write(partial)
    renameSync(partial, target)
  } finally {
    rmSync(partial, { force: true })
  }
  return statSync(target).size
}

function existsAsFile(path: string) {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}

/** Which kind of database wrote the backup in `path`, from its first bytes. */
export function backupKindOf(path: string): DatabaseKind {
  let head: Buffer
  try {
    const fd = openSync(path, 'r')
    try {
      head = Buffer.alloc(5)
      readSync(fd, head, 0, 5, 0)
    } finally {
      closeSync(fd)
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    throw new BackupError(
      code === 'ENOENT'
        ? `There is no file ${resolve(path)}.`
        : `${resolve(path)} cannot be read (${code}).`,
    )
  }
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite'
  if (head.toString('latin1') === 'PGDMP') return 'postgres'
  throw new BackupError(
    `${resolve(path)} is not a Letterhead backup: npm run backup writes a .tar.gz (PGlite) or a .dump (PostgreSQL).`,
  )
}

/** 4.5 MB, 812 kB, 96 bytes. */
export function formatSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(0)} kB`
  return `${(bytes / 1_000_000).toFixed(1)} MB`
}
