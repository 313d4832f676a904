import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { type Database, openDatabase } from '../db/database'

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or, when
 * TEST_DATABASE_URL is set, a new database on that PostgreSQL that is dropped
 * again at the end.
 */
export async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) {
    const database = await openDatabase({ kind: 'pglite', dataDir: null })
    return { database, drop: () => database.close() }
  }
  const name = `letterhead_test_${randomBytes(6).toString('hex')}`
  await onAdmin(adminUrl, `create database ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 })
  return {
    database,
    drop: async () => {
      await database.close()
      await onAdmin(adminUrl, `drop database if exists ${name} with (force)`)
    },
  }
}

async function onAdmin(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

export const databaseKind = () => (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite')
