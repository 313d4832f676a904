import { spawn } from 'node:child_process'
import { chmodSync } from 'node:fs'
import { resolve } from 'node:path'
import { openPostgresAsIs } from '../db/as-is'
import { BackupError } from './errors'
import { writeBackupFile } from './files'
import { describeHeld, heldRows } from './held-rows'

type Tool = 'pg_dump' | 'pg_restore'

/** Host, port and database of `url`: what may be printed (the URL can hold a password). */
export function postgresPlace(url: string): string {
  const parsed = new URL(url)
  return `${parsed.host}${parsed.pathname}`
}

/**
 * Runs PostgreSQL's own tool on the database `url` names. The password goes
 * in PGPASSWORD, not on the command line, where any user of the machine could
 * read it in the process list.
 */
function run(tool: Tool, args: string[], url: string): Promise<void> {
  const parsed = new URL(url)
  const password = decodeURIComponent(parsed.password)
  parsed.password = ''
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) }
  return new Promise((done, fail) => {
    const child = spawn(tool, [...args, `--dbname=${parsed.toString()}`], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', (error: NodeJS.ErrnoException) => {
      fail(
        error.code === 'ENOENT'
          ? new BackupError(
              `${tool} was not found. Backups of PostgreSQL use PostgreSQL's own client tools: install them (Debian or Ubuntu: apt-get install postgresql-client) in the server's major version or newer, and run this again.`,
            )
          : error,
      )
    })
    child.on('close', (code) => {
      if (code === 0) return done()
      const said = stderr.trim()
      const hint = said.includes('version mismatch')
        ? ` Install the client tools of the server's major version (apt-get install postgresql-client-N).`
        : ''
      fail(new BackupError(`${tool} failed (exit code ${code}): ${said}${hint}`))
    })
  })
}

/**
 * pg_dump's custom format: one consistent snapshot of the whole database (it
 * reads in a single repeatable-read transaction), so the server may keep running.
 */
export function backUpPostgres(url: string, path: string): Promise<number> {
  return writeBackupFile(path, async (partial) => {
    await run('pg_dump', ['--format=custom', `--file=${partial}`], url)
    chmodSync(partial, 0o600)
  })
}

/**
 * pg_restore into a database that holds no data: a new one (createdb), or one
 * a server migrated and no one used, whose empty tables the backup's replace.
 * One transaction: an error leaves the database as it was.
 */
export async function restorePostgres(url: string, file: string): Promise<void> {
  const target = await openPostgresAsIs(url).catch((error: unknown) => {
    throw new BackupError(
      `Cannot connect to PostgreSQL at ${postgresPlace(url)}: ${error instanceof Error ? error.message : String(error)}. Create the database first (createdb), then run this again.`,
    )
  })
  try {
    const held = await heldRows(target)
    if (held.length > 0) {
      throw new BackupError(
        `The database ${postgresPlace(url)} already holds data (${describeHeld(held)}), so nothing was restored or changed. npm run restore loads into an empty database only: create a new one (createdb NAME) and point DATABASE_URL at it.`,
      )
    }
  } finally {
    await target.close()
  }
  await run(
    'pg_restore',
    [
      '--single-transaction',
      '--exit-on-error',
      '--clean',
      '--if-exists',
      // Whoever restores owns what is restored: the backup may come from another server's users.
      '--no-owner',
      '--no-privileges',
      resolve(file),
    ],
    url,
  )
}
