import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { PGLITE_EXTENSIONS } from './database'

/**
 * A database opened as it is, without migrating it: a backup must copy what
 * is there, and the check before a restore must not write to its target.
 */
export type AsIsDatabase = {
  query(text: string, params?: unknown[]): Promise<Record<string, unknown>[]>
  close(): Promise<void>
}

/** Where PGlite keeps its files inside DATA_DIR (openDatabase's layout). */
export const pgliteFolder = (dataDir: string) => join(dataDir, 'pglite')

/** Whether `folder` holds a PGlite database (PostgreSQL's own marker file). */
export const holdsPglite = (folder: string) => existsSync(join(folder, 'PG_VERSION'))

export type AsIsPglite = AsIsDatabase & {
  /**
   * The data directory as one gzipped tarball (PGlite's `dumpDataDir`), taken
   * after a checkpoint and while no query runs: the files a clean shutdown
   * would leave.
   */
  archive(): Promise<Uint8Array>
}

/** The PGlite database in `folder`; the caller holds DATA_DIR's lock (data-dir-lock.ts). */
export async function openPgliteAsIs(folder: string): Promise<AsIsPglite> {
  const client = await PGlite.create({ dataDir: folder, extensions: PGLITE_EXTENSIONS })
  return {
    query: async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
    async archive() {
      await client.exec('checkpoint')
      const tarball = await client.dumpDataDir('gzip')
      return new Uint8Array(await tarball.arrayBuffer())
    },
    close: () => client.close(),
  }
}

/**
 * Unpacks a PGlite archive into `folder`, which must hold no database, and
 * opens it once to see that it starts.
 */
export async function loadPgliteArchive(
  folder: string,
  archive: Uint8Array<ArrayBuffer>,
): Promise<void> {
  const client = await PGlite.create({
    dataDir: folder,
    loadDataDir: new Blob([archive]),
    extensions: PGLITE_EXTENSIONS,
  })
  try {
    await client.query('select 1')
  } finally {
    await client.close()
  }
}

/** The PostgreSQL database `url` names, on one connection. */
export async function openPostgresAsIs(url: string): Promise<AsIsDatabase> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  return {
    query: async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
    close: () => client.end(),
  }
}
