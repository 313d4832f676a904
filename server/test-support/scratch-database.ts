import { randomBytes } from 'node:crypto'
import pg from 'pg'

export type ScratchDatabase = { url: string; drop: () => Promise<void> }

/**
 * A new, empty PostgreSQL database beside the one `adminUrl` names (whose user
 * may create databases), for one test file or run; `drop` removes it again.
 */
export async function createScratchDatabase(
  adminUrl: string,
  prefix = 'letterhead_test',
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  await onAdmin(adminUrl, `create database ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: () => onAdmin(adminUrl, `drop database if exists ${name} with (force)`),
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
