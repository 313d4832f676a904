import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { resolve } from 'node:path'
import {
  type AsIsPglite,
  holdsPglite,
  loadPgliteArchive,
  openPgliteAsIs,
  pgliteFolder,
} from '../db/as-is'
import { DataDirInUse, lockDataDir } from '../db/data-dir-lock'
import { BackupError } from './errors'
import { writeBackupFile } from './files'
import { describeHeld, heldRows } from './held-rows'

type Action = 'backup' | 'restore'

/**
 * DATA_DIR's lock for the whole backup or restore: PGlite is one process's
 * database, so neither runs beside a server on the same folder, and a server
 * started meanwhile refuses to open it.
 */
function lockFor(action: Action, dataDir: string): () => void {
  try {
    return lockDataDir(dataDir)
  } catch (error) {
    if (!(error instanceof DataDirInUse)) throw error
    const who = error.holder ? `The Letterhead server (process ${error.holder})` : 'Another process'
    const stop = error.holder ? `kill -TERM ${error.holder}` : 'stop it'
    throw new BackupError(
      `${who} is using DATA_DIR ${resolve(dataDir)}. PGlite is one process's database, so npm run ${action} cannot open it while the server runs, and nothing was changed. Stop the server (Ctrl+C in its terminal, or ${stop}: it finishes the requests in flight and closes the database), run npm run ${action} again, then start the server. With DATABASE_URL (PostgreSQL) backups run while the server does.`,
    )
  }
}

async function withPglite<T>(folder: string, work: (db: AsIsPglite) => Promise<T>): Promise<T> {
  const db = await openPgliteAsIs(folder)
  try {
    return await work(db)
  } finally {
    await db.close()
  }
}

/** Writes the PGlite database in `dataDir` to `path`; answers the file's size. */
export async function backUpPglite(dataDir: string, path: string): Promise<number> {
  const folder = pgliteFolder(dataDir)
  if (!holdsPglite(folder)) {
    throw new BackupError(
      `DATA_DIR ${resolve(dataDir)} holds no Letterhead database (there is no ${resolve(folder)}). Set DATA_DIR to the server's, or DATABASE_URL for PostgreSQL.`,
    )
  }
  const release = lockFor('backup', dataDir)
  try {
    const archive = await withPglite(folder, (db) => db.archive())
    return await writeBackupFile(path, (partial) => {
      writeFileSync(partial, archive, { mode: 0o600 })
      return Promise.resolve()
    })
  } finally {
    release()
  }
}

/**
 * Loads a PGlite backup into `dataDir`, whose database must hold no data: none
 * at all, or one a server made and migrated but no one used. The archive is
 * unpacked beside it and opened first, and only then takes its place, so a
 * damaged file or a full disk leaves DATA_DIR as it was.
 */
export async function restorePglite(dataDir: string, file: string): Promise<void> {
  mkdirSync(dataDir, { recursive: true })
  const release = lockFor('restore', dataDir)
  try {
    const folder = pgliteFolder(dataDir)
    await refuseUnlessEmpty(dataDir, folder)
    const staging = `${folder}.restoring`
    rmSync(staging, { recursive: true, force: true })
    try {
      await loadPgliteArchive(staging, readFileSync(file))
    } catch (error) {
      rmSync(staging, { recursive: true, force: true })
      throw new BackupError(
        `${resolve(file)} could not be loaded as a PGlite backup, so DATA_DIR was left as it was: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
    const emptied = `${folder}.before-restore`
    if (existsSync(folder)) renameSync(folder, emptied)
    renameSync(staging, folder)
    rmSync(emptied, { recursive: true, force: true })
  } finally {
    release()
  }
}

async function refuseUnlessEmpty(dataDir: string, folder: string) {
  if (holdsPglite(folder)) {
    const held = await withPglite(folder, heldRows)
    if (held.length > 0) {
      throw new BackupError(
        `DATA_DIR ${resolve(dataDir)} already holds data (${describeHeld(held)}), so nothing was restored or changed. npm run restore loads into an empty database only: set DATA_DIR to a new folder, or move this one away first.`,
      )
    }
  } else if (existsSync(folder) && readdirSync(folder).length > 0) {
    throw new BackupError(
      `${resolve(folder)} holds files that are not a database, so nothing was restored. Move them away, or set DATA_DIR to a new folder.`,
    )
  }
}
