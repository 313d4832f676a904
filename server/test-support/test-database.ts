import { type Database, openDatabase } from '../db/database'
import { createScratchDatabase } from './scratch-database'

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
  const scratch = await createScratchDatabase(adminUrl)
  const database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 4 })
  return {
    database,
    drop: async () => {
      await database.close()
      await scratch.drop()
    },
  }
}

export const databaseKind = () => (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite')
