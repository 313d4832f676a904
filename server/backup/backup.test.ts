import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { refundPath } from '@/domain/money-api'
import { buildApp } from '../app'
import { type Database, openDatabase } from '../db/database'
import type { DemoWords } from '../demo/context'
import { seedDemo } from '../demo/seed'
import { demoSizes } from '../demo/sizes'
import { loggerOptions } from '../http/logger'
import { signedUpAdmin } from '../test-support/admin'
import { customerWithEverything } from '../test-support/customer-with-everything'
import { buy } from '../test-support/purchases'
import { createScratchDatabase } from '../test-support/scratch-database'
import { databaseKind } from '../test-support/test-database'
import { testLogStream } from '../test-support/test-log'
import { post, testConfig, TestClock } from '../test-support/test-server'
import { backUp, restore } from './backup'

/**
 * npm run backup and npm run restore, end to end: a database with rows in
 * every table of accounts, sync and money is written out, loaded into an
 * empty database as the server would open it, and found the same, row for
 * row and sequence for sequence.
 */

const WORDS: DemoWords = {
  FIRST_NAMES: ['Ada', 'Ben'],
  LAST_NAMES: ['Patel', "O'Brien"],
  STREETS: ['Mill Lane'],
  CITIES: ['Leeds'],
  MATTERS: [['Unpaid invoice #{n}', 'Pay ${amount} within 30 days.']],
}

/** Tables a used database always has rows in; the comparison covers every table, these included. */
const MUST_HOLD_ROWS = [
  'users',
  'credentials',
  'sessions',
  'audit_log',
  'sign_in_throttle',
  'letters',
  'letter_versions',
  'user_settings',
  'sync_clients',
  'subscriptions',
  'idempotency_keys',
  'credit_ledger',
  'commissions',
  'commission_events',
  'employee_totals',
  'refunds',
  'contact_messages',
  'error_reports',
  'admin_counters',
  'ai_usage',
]

/** A small demo seed, then a customer with everything, a refund and a failed sign-in, through the API. */
async function seed(database: Database) {
  await seedDemo(database.db, {
    sizes: demoSizes({ letters: 12, users: 4, subscriptions: 6, employees: 1, messages: 2 }),
    words: WORDS,
    now: new Date('2026-11-25T09:00:00.000Z'),
  })
  const app = await buildApp({
    config: testConfig(),
    database,
    logger: loggerOptions('trace', testLogStream()),
    clock: new TestClock().now,
  })
  try {
    const { customer, letters } = await customerWithEverything(app, database)
    const admin = await signedUpAdmin(app)
    const refunded = await buy(app, customer.cookie, 'single')
    const refund = await post(app, refundPath(refunded), undefined, admin.cookie)
    expect(refund.statusCode, refund.body).toBe(201)
    const wrong = await post(app, '/api/auth/sign-in', {
      email: customer.body.email,
      password: 'not the password at all',
    })
    expect(wrong.statusCode).toBe(401)
    await database.query(
      `insert into ai_usage (id, user_id, letter_id, model, tokens_in, tokens_out, tokens_estimated,
         ms, queued_ms, outcome, created_at)
       values (gen_random_uuid(), $1, $2, 'llama3.1', 120, 640, false, 5100, 0, 'ok', now())`,
      [customer.user.id, letters[0]?.id],
    )
  } finally {
    await app.close()
  }
}

type Snapshot = { tables: Record<string, string[]>; sequences: Record<string, string | null> }

/**
 * Every row of every table (as JSON, in a fixed order) and every sequence's
 * last value. Unlogged tables are left out: PostgreSQL empties them whenever
 * it starts from files it did not shut down itself, as a PGlite backup's are
 * (they hold only what may be lost, such as rate-limit counts).
 */
async function everyRow(database: Pick<Database, 'query'>): Promise<Snapshot> {
  const tables = (await database.query(
    `select n.nspname as schema, c.relname as name from pg_class c
     join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and c.relpersistence = 'p'
       and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
     order by 1, 2`,
  )) as { schema: string; name: string }[]
  const snapshot: Snapshot = { tables: {}, sequences: {} }
  for (const { schema, name } of tables) {
    const rows = (await database.query(
      `select to_jsonb(t)::text as row from "${schema}"."${name}" t order by 1`,
    )) as { row: string }[]
    snapshot.tables[`${schema}.${name}`] = rows.map((r) => r.row)
  }
  const sequences = (await database.query(
    `select schemaname || '.' || sequencename as name, last_value::text as value from pg_sequences`,
  )) as { name: string; value: string | null }[]
  for (const { name, value } of sequences) snapshot.sequences[name] = value
  return snapshot
}

function expectUsed(snapshot: Snapshot) {
  const empty = MUST_HOLD_ROWS.filter((table) => !snapshot.tables[`public.${table}`]?.length)
  expect(empty).toEqual([])
  expect(snapshot.tables['drizzle.__drizzle_migrations']?.length).toBeGreaterThan(0)
}

describe.runIf(databaseKind() === 'pglite')('npm run backup and restore, PGlite', () => {
  const root = mkdtempSync(join(tmpdir(), 'letterhead-backup-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('round-trips every row into an empty DATA_DIR, and refuses one with data or in use', async () => {
    const source = join(root, 'source')
    const database = await openDatabase({ kind: 'pglite', dataDir: source })
    await seed(database)
    const before = await everyRow(database)
    expectUsed(before)
    await database.close()

    const path = join(root, 'out', 'letterhead.tar.gz')
    const written = await backUp({ kind: 'pglite', dataDir: source }, { path })
    expect(written).toEqual({ path, bytes: statSync(path).size })
    // It holds password hashes: its owner alone may read it.
    expect(statSync(path).mode & 0o777).toBe(0o600)

    const target = join(root, 'target')
    await restore({ kind: 'pglite', dataDir: target }, path)
    // Now it holds data: a second restore is refused, and changes nothing.
    await expect(restore({ kind: 'pglite', dataDir: target }, path)).rejects.toThrow(
      /already holds data \(\d+ rows in users, \d+ in letters.*nothing was restored or changed/,
    )
    await expect(
      restore({ kind: 'postgres', url: 'postgres://nobody@127.0.0.1:1/none' }, path),
    ).rejects.toThrow(/is a PGlite backup.*Unset DATABASE_URL/)

    // A server holds the folder: neither runs beside it.
    const pidFile = join(target, 'server.pid')
    writeFileSync(pidFile, String(process.ppid))
    try {
      const inUse = new RegExp(`server \\(process ${process.ppid}\\) is using DATA_DIR`)
      await expect(
        backUp({ kind: 'pglite', dataDir: target }, { path: join(root, 'no.tar.gz') }),
      ).rejects.toThrow(inUse)
      await expect(restore({ kind: 'pglite', dataDir: target }, path)).rejects.toThrow(inUse)
    } finally {
      rmSync(pidFile, { force: true })
    }

    // Opened as the server opens it (migrating: nothing left to do), row for row the same.
    const restored = await openDatabase({ kind: 'pglite', dataDir: target })
    try {
      expect(await everyRow(restored)).toEqual(before)
    } finally {
      await restored.close()
    }
  }, 240_000)
})

describe.runIf(databaseKind() === 'postgres')('npm run backup and restore, PostgreSQL', () => {
  const root = mkdtempSync(join(tmpdir(), 'letterhead-backup-'))
  const drops: (() => Promise<void>)[] = []
  afterAll(async () => {
    for (const drop of drops) await drop()
    rmSync(root, { recursive: true, force: true })
  })
  const scratch = async (prefix: string) => {
    const made = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '', prefix)
    drops.push(made.drop)
    return made.url
  }
  const rowsOf = async (url: string) => {
    const database = await openDatabase({ kind: 'postgres', url, poolSize: 1 })
    try {
      return await everyRow(database)
    } finally {
      await database.close()
    }
  }

  it('round-trips every row with pg_dump while the server runs, and refuses a database with data', async () => {
    const sourceUrl = await scratch('letterhead_backup_source')
    const database = await openDatabase({ kind: 'postgres', url: sourceUrl, poolSize: 2 })
    let before: Snapshot
    const path = join(root, 'letterhead.dump')
    try {
      await seed(database)
      before = await everyRow(database)
      expectUsed(before)
      // The source stays open, as a running server keeps it: pg_dump reads one snapshot.
      const written = await backUp({ kind: 'postgres', url: sourceUrl }, { path })
      expect(written.bytes).toBe(statSync(path).size)
      expect(statSync(path).mode & 0o777).toBe(0o600)
    } finally {
      await database.close()
    }

    // A new database (createdb), and one a server migrated and no one used.
    const fresh = await scratch('letterhead_restore_fresh')
    await restore({ kind: 'postgres', url: fresh }, path)
    expect(await rowsOf(fresh)).toEqual(before)
    const migrated = await scratch('letterhead_restore_migrated')
    await (await openDatabase({ kind: 'postgres', url: migrated, poolSize: 1 })).close()
    await restore({ kind: 'postgres', url: migrated }, path)
    expect(await rowsOf(migrated)).toEqual(before)

    await expect(restore({ kind: 'postgres', url: sourceUrl }, path)).rejects.toThrow(
      /already holds data \(\d+ rows in users, \d+ in letters.*nothing was restored or changed/,
    )
    expect(await rowsOf(sourceUrl)).toEqual(before)
    await expect(restore({ kind: 'pglite', dataDir: join(root, 'x') }, path)).rejects.toThrow(
      /is a PostgreSQL backup/,
    )
  }, 120_000)
})
