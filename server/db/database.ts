import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import * as aiSchema from './ai-schema'
import { lockDataDir } from './data-dir-lock'
import { type ListenHandlers, type Listening, listenOnPostgres } from './listener'
import * as mailSchema from './mail-schema'
import * as moneySchema from './money-schema'
import * as oversightSchema from './oversight-schema'
import * as accountsAndSyncSchema from './schema'

const schema = {
  ...accountsAndSyncSchema,
  ...moneySchema,
  ...oversightSchema,
  ...aiSchema,
  ...mailSchema,
}
export type Schema = typeof schema
/** A database handle or a transaction: services take either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>
export type Tx = PgTransaction<PgQueryResultHKT, Schema>

export type DatabaseKind = 'pglite' | 'postgres'

export type Database = {
  db: Db
  kind: DatabaseKind
  /** Runs one raw query through the driver, bypassing the ORM; for health checks and benchmarks. */
  query(text: string, params?: unknown[]): Promise<unknown[]>
  /**
   * Calls `handlers.onNotify` with the payload of every `NOTIFY` on `channel`,
   * from this process or any other on the same database, until closed (or the
   * database is).
   */
  listen(channel: string, handlers: ListenHandlers): Promise<Listening>
  close(): Promise<void>
}

/**
 * The extensions PGlite loads, as PostgreSQL has them installed: the migrations
 * create pg_trgm for the admin's search (decision 024).
 */
export const PGLITE_EXTENSIONS = { pg_trgm }

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url))

/** Any key will do, as long as every Letterhead instance uses the same one. */
const MIGRATION_LOCK = 7_384_512_001

export type DatabaseTarget =
  | {
      kind: 'pglite'
      /** A directory, or null for an in-memory database (tests). */ dataDir: string | null
    }
  | { kind: 'postgres'; url: string; poolSize?: number }

/** Opens the database and brings its schema up to date, each migration once, in a transaction. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.kind === 'pglite'
    ? openPglite(target.dataDir)
    : openPostgres(target.url, target.poolSize)
}

async function openPglite(dataDir: string | null): Promise<Database> {
  let path: string | undefined
  let release = () => undefined as void
  if (dataDir !== null) {
    mkdirSync(dataDir, { recursive: true })
    release = lockDataDir(dataDir)
    path = join(dataDir, 'pglite')
    mkdirSync(path, { recursive: true })
  }
  try {
    const client = await PGlite.create({
      ...(path ? { dataDir: path } : {}),
      extensions: PGLITE_EXTENSIONS,
    })
    const db = drizzlePglite({ client, schema })
    // The folder is this process's alone (the lock above), so no lock is needed around migrations.
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER })
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      query: async (text, params) => (await client.query(text, params)).rows,
      // PGlite is this process's alone: a NOTIFY reaches only the listeners in it.
      listen: async (channel, { onNotify }) => ({
        close: await client.listen(channel, onNotify),
      }),
      close: async () => {
        await client.close()
        release()
      },
    }
  } catch (error) {
    release()
    throw error
  }
}

async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  await migratePostgres(url)
  // Connections stay open once made (idleTimeoutMillis 0; the driver closes them after 10 s idle):
  // a new one costs PostgreSQL a process and cold caches, tens of ms that a burst would wait on.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 0 })
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined)
  const db = drizzlePg({ client: pool, schema })
  const listening = new Set<Listening>()
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    query: async (text, params) => (await pool.query(text, params)).rows as unknown[],
    async listen(channel, handlers) {
      const opened = await listenOnPostgres(url, channel, handlers)
      const entry: Listening = {
        close: async () => {
          listening.delete(entry)
          await opened.close()
        },
      }
      listening.add(entry)
      return entry
    },
    async close() {
      await Promise.all([...listening].map((entry) => entry.close()))
      await pool.end()
    },
  }
}

/**
 * Several instances may start at once against one PostgreSQL: an advisory
 * lock on a connection of its own lets one migrate while the others wait, then
 * find nothing left to do.
 */
async function migratePostgres(url: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
    await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER })
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined)
    await client.end()
  }
}

/** Whether the database answers; a health check must not hang on a dead one. */
export async function databaseAnswers(database: Database, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs)
  })
  try {
    return await Promise.race([database.db.execute(sql`select 1`).then(() => true), timeout])
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}
