import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'

/** Where the bench looks for PostgreSQL when TEST_DATABASE_URL is not set. */
export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres'

export const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')

async function onAdmin(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** Why PostgreSQL at `url` cannot be used, or null when it answers. */
export async function postgresProblem(url: string): Promise<string | null> {
  try {
    await onAdmin(url, 'select 1')
    return null
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error)
  }
}

/** A new database `letterhead_bench_<random>` beside `adminUrl`'s, and how to drop it. */
export async function createBenchDatabase(
  adminUrl: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `letterhead_bench_${randomBytes(6).toString('hex')}`
  await onAdmin(adminUrl, `create database ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    name,
    url: url.toString(),
    drop: () => onAdmin(adminUrl, `drop database if exists ${name} with (force)`),
  }
}

/** A temporary directory for PGlite's data, and how to remove it. */
export function pgliteDirectory(): { dataDir: string; remove: () => void } {
  const dataDir = mkdtempSync(join(tmpdir(), 'letterhead-bench-'))
  return { dataDir, remove: () => rmSync(dataDir, { recursive: true, force: true }) }
}
