import { randomUUID } from 'node:crypto'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { createScratchDatabase, type ScratchDatabase } from '../test-support/scratch-database'
import {
  type Database,
  type DatabaseTarget,
  MIGRATIONS_FOLDER,
  openDatabase,
  PGLITE_EXTENSIONS,
} from './database'

const TABLES = [
  'admin_counters',
  'ai_queue',
  'ai_usage',
  'audit_log',
  'commission_events',
  'commissions',
  'contact_messages',
  'credentials',
  'credit_ledger',
  'employee_totals',
  'error_reports',
  'idempotency_keys',
  'letter_versions',
  'letters',
  'password_resets',
  'purchase_mail',
  'rate_limits',
  'refunds',
  'sessions',
  'sign_in_throttle',
  'stripe_events',
  'subscriptions',
  'sync_clients',
  'user_settings',
  'users',
]

type Journal = { entries: { tag: string }[] }
const journal = JSON.parse(
  readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
) as Journal

type Queryable = Pick<Database, 'query'>

/** The migrations folder as the previous release shipped it: every migration but the newest. */
const previousRelease = () => releaseOf(journal.entries.length - 1)

/** The migrations folder as a release with the first `count` migrations shipped it. */
function releaseOf(count: number): string {
  const folder = mkdtempSync(join(tmpdir(), 'letterhead-previous-release-'))
  const entries = journal.entries.slice(0, count)
  mkdirSync(join(folder, 'meta'))
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }))
  for (const { tag } of entries) {
    copyFileSync(join(MIGRATIONS_FOLDER, `${tag}.sql`), join(folder, `${tag}.sql`))
  }
  return folder
}

/** A database the previous release wrote, brought up to date, keeps its rows; sync works in it. */
async function expectUpgradeKept(database: Queryable, id: string) {
  expect(await publicTables(database)).toEqual(TABLES)
  expect(await migrationsRecord(database)).toHaveLength(journal.entries.length)
  expect(await emailOf(database, id)).toBe('kept@example.com')
  await expectLettersKept(database, id)
  await database.query(
    `insert into user_settings (owner_id, key, value, version, updated_at)
       values ($1, 'theme', '"dark"', nextval('sync_version'), now())`,
    [id],
  )
  const [row] = (await database.query(
    'select version::int as version from user_settings where owner_id = $1',
    [id],
  )) as { version: number }[]
  expect(row?.version).toBeGreaterThan(0)
}

async function publicTables(database: Queryable): Promise<string[]> {
  const rows = (await database.query(
    `select table_name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as { table_name: string }[]
  return rows.map((row) => row.table_name)
}

/** What drizzle recorded: one row per migration applied. */
async function migrationsRecord(database: Queryable) {
  return (await database.query(
    'select id, hash, created_at::text as created_at from drizzle.__drizzle_migrations order by id',
  )) as { id: number; hash: string; created_at: string }[]
}

/** A letter, and a previous version of it, as the release before the guided questions wrote them. */
async function writeLetter(database: Queryable, ownerId: string) {
  await database.query(
    `insert into letters (id, owner_id, type, sender_name, sender_address, recipient_name,
       recipient_address, matter, resolution, content, status, generator, version, created_at,
       updated_at)
     values ($1, $2, 'Demand Letter', 'Kept Person', '1 Main St', 'Bob', '2 High St',
       'Unpaid invoice', 'Pay it', 'Dear Bob,', 'completed', 'built-in', nextval('sync_version'),
       now(), now())`,
    [LETTER_ID, ownerId],
  )
  await database.query(
    `insert into letter_versions (id, letter_id, owner_id, content, answers, reason, version,
       created_at, updated_at)
     values ($1, $2, $3, 'Dear Robert,', $4, 'edited', nextval('sync_version'), now(), now())`,
    [
      randomUUID(),
      LETTER_ID,
      ownerId,
      JSON.stringify({ type: 'Demand Letter', matter: 'Unpaid invoice' }),
    ],
  )
}

const LETTER_ID = randomUUID()

/**
 * The letter is there as written, without guided answers or a reply-by day
 * (decision 030), and the upgraded tables take them, a day exactly as written.
 */
async function expectLettersKept(database: Queryable, ownerId: string) {
  const letters = (await database.query(
    'select owner_id, matter, content, details, reply_by, reply_state from letters where id = $1',
    [LETTER_ID],
  )) as Record<string, unknown>[]
  expect(letters).toEqual([
    {
      owner_id: ownerId,
      matter: 'Unpaid invoice',
      content: 'Dear Bob,',
      details: null,
      reply_by: null,
      reply_state: null,
    },
  ])
  const versions = (await database.query(
    'select content, answers, reply_by from letter_versions where letter_id = $1',
    [LETTER_ID],
  )) as Record<string, unknown>[]
  expect(versions).toEqual([
    {
      content: 'Dear Robert,',
      answers: { type: 'Demand Letter', matter: 'Unpaid invoice' },
      reply_by: null,
    },
  ])
  await database.query(
    `update letters set details = $2, reply_by = '2026-12-31', reply_state = 'received'
     where id = $1`,
    [LETTER_ID, JSON.stringify({ reference: 'INV-1' })],
  )
  const [tracked] = (await database.query(
    'select details, reply_by, reply_state from letters where id = $1',
    [LETTER_ID],
  )) as Record<string, unknown>[]
  expect(tracked).toEqual({
    details: { reference: 'INV-1' },
    reply_by: '2026-12-31',
    reply_state: 'received',
  })
  // The checks keep anything but a day and the three states out.
  await expect(
    database.query(`update letters set reply_by = 'soon' where id = $1`, [LETTER_ID]),
  ).rejects.toThrow()
  await expect(
    database.query(`update letters set reply_state = 'ignored' where id = $1`, [LETTER_ID]),
  ).rejects.toThrow()
}

async function writeUser(database: Queryable, email: string) {
  const id = randomUUID()
  await database.query(
    `insert into users (id, email, full_name, role, created_at, updated_at)
     values ($1, $2, 'Kept Person', 'user', now(), now())`,
    [id, email],
  )
  await database.query(
    `insert into audit_log (user_id, action, ip, at) values ($1, 'sign-up', '127.0.0.1', now())`,
    [id],
  )
  return id
}

async function emailOf(database: Queryable, id: string) {
  const rows = (await database.query('select email from users where id = $1', [id])) as {
    email: string
  }[]
  return rows[0]?.email
}

/** Opens, writes, closes, opens again: nothing is applied twice and nothing written is lost. */
async function expectReopenKeepsEverything(target: DatabaseTarget) {
  const first = await openDatabase(target)
  const applied = await migrationsRecord(first)
  const id = await writeUser(first, 'kept@example.com')
  await first.close()

  const second = await openDatabase(target)
  try {
    expect(await publicTables(second)).toEqual(TABLES)
    expect(await migrationsRecord(second)).toEqual(applied)
    expect(await emailOf(second, id)).toBe('kept@example.com')
    const [audit] = (await second.query('select count(*)::int as n from audit_log')) as {
      n: number
    }[]
    expect(audit?.n).toBe(1)
  } finally {
    await second.close()
  }
}

// Starting PGlite takes seconds on a busy machine, more than the suite's usual time for a test.
describe('migrations on PGlite', () => {
  it(
    'create every table and drizzle’s record of the migrations in an empty database',
    {
      timeout: 90_000,
    },
    async () => {
      const database = await openDatabase({ kind: 'pglite', dataDir: null })
      try {
        expect(await publicTables(database)).toEqual(TABLES)
        const applied = await migrationsRecord(database)
        expect(applied).toHaveLength(journal.entries.length)
        expect(new Set(applied.map((row) => row.hash)).size).toBe(applied.length)
      } finally {
        await database.close()
      }
    },
  )

  it(
    'apply nothing twice to a data directory opened again, and keep its rows',
    {
      timeout: 90_000,
    },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'letterhead-migrations-'))
      try {
        await expectReopenKeepsEverything({ kind: 'pglite', dataDir })
      } finally {
        rmSync(dataDir, { recursive: true, force: true })
      }
    },
  )
})

/**
 * A fresh in-memory PGlite migrated with `folder`, given rows by `write`, then
 * migrated to this release, as openDatabase migrates; `check` reads the result.
 * One database migrated twice: starting PGlite is slow.
 */
async function upgradeOnPglite<T>(
  folder: string,
  write: (database: Queryable) => Promise<T>,
  check: (database: Queryable, written: T) => Promise<void>,
) {
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS })
  try {
    const db = drizzlePglite({ client })
    await migratePglite(db, { migrationsFolder: folder })
    const database: Queryable = {
      query: async (text, params) => (await client.query(text, params)).rows,
    }
    const written = await write(database)
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER })
    await check(database, written)
  } finally {
    await client.close()
    rmSync(folder, { recursive: true, force: true })
  }
}

describe('an upgrade on PGlite', () => {
  it(
    'brings a database the previous release wrote up to date, keeping its rows',
    { timeout: 90_000 },
    async () => {
      await upgradeOnPglite(
        previousRelease(),
        async (database) => {
          const id = await writeUser(database, 'kept@example.com')
          await writeLetter(database, id)
          return id
        },
        expectUpgradeKept,
      )
    },
  )
})

describe('0013_users_deleted_at on PGlite', () => {
  it(
    'marks the accounts deleted before it and takes them out of the admin totals',
    { timeout: 90_000 },
    async () => {
      const before = journal.entries.findIndex(({ tag }) => tag === '0013_users_deleted_at')
      const usersTotal = async (database: Queryable) =>
        Number(
          (
            (await database.query(
              `select sum(value)::int as n from admin_counters where metric = 'users'`,
            )) as { n: number }[]
          )[0]?.n,
        )
      await upgradeOnPglite(
        releaseOf(before),
        async (database) => {
          await writeUser(database, 'kept@example.com')
          const deleted = await writeUser(database, `deleted-${'0'.repeat(32)}@deleted.invalid`)
          // An address that only looks like a tombstone's is a person's.
          await writeUser(database, 'deleted-someone@deleted.invalid.example.com')
          expect(await usersTotal(database)).toBe(3)
          return deleted
        },
        async (database, deleted) => {
          const marked = (await database.query(
            'select id from users where deleted_at is not null',
          )) as { id: string }[]
          expect(marked.map((row) => row.id)).toEqual([deleted])
          expect(await usersTotal(database)).toBe(2)
        },
      )
    },
  )
})

const adminUrl = process.env.TEST_DATABASE_URL
const onPostgres = Boolean(adminUrl)

/** A new, empty database on the test PostgreSQL; dropped after the file. */
const created: ScratchDatabase[] = []
async function emptyPostgresDatabase(): Promise<string> {
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set')
  const scratch = await createScratchDatabase(adminUrl, 'letterhead_migrations')
  created.push(scratch)
  return scratch.url
}

afterAll(async () => {
  for (const scratch of created) await scratch.drop()
})

describe('migrations on PostgreSQL (TEST_DATABASE_URL)', () => {
  it.skipIf(!onPostgres)(
    'create every table and drizzle’s record of the migrations in an empty database',
    async () => {
      const database = await openDatabase({ kind: 'postgres', url: await emptyPostgresDatabase() })
      try {
        expect(await publicTables(database)).toEqual(TABLES)
        expect(await migrationsRecord(database)).toHaveLength(journal.entries.length)
      } finally {
        await database.close()
      }
    },
  )

  it.skipIf(!onPostgres)(
    'apply nothing twice to a database opened again, and keep its rows',
    async () => {
      await expectReopenKeepsEverything({ kind: 'postgres', url: await emptyPostgresDatabase() })
    },
  )

  it.skipIf(!onPostgres)(
    'bring a database the previous release wrote up to date, keeping its rows',
    async () => {
      const url = await emptyPostgresDatabase()
      const folder = previousRelease()
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      let id = ''
      try {
        await migratePg(drizzlePg({ client }), { migrationsFolder: folder })
        const previous: Queryable = {
          query: async (text, params) => (await client.query(text, params)).rows as unknown[],
        }
        id = await writeUser(previous, 'kept@example.com')
        await writeLetter(previous, id)
      } finally {
        await client.end()
        rmSync(folder, { recursive: true, force: true })
      }
      const database = await openDatabase({ kind: 'postgres', url })
      try {
        await expectUpgradeKept(database, id)
      } finally {
        await database.close()
      }
    },
  )

  it.skipIf(!onPostgres)(
    'let several servers start at once on one empty database: one migrates, the others wait',
    async () => {
      const url = await emptyPostgresDatabase()
      const opened = await Promise.allSettled(
        Array.from({ length: 4 }, () => openDatabase({ kind: 'postgres', url, poolSize: 2 })),
      )
      const databases = opened.flatMap((result) =>
        result.status === 'fulfilled' ? [result.value] : [],
      )
      try {
        expect(opened.map((result) => result.status)).toEqual(Array(4).fill('fulfilled'))
        for (const database of databases) {
          expect(await publicTables(database)).toEqual(TABLES)
          expect(await migrationsRecord(database)).toHaveLength(journal.entries.length)
        }
      } finally {
        await Promise.all(databases.map((database) => database.close()))
      }
      // The lock is released: the next start takes it, and then no advisory lock is held on this
      // database. Other test files migrate their own databases on the same server meanwhile, with
      // the same lock key, so only this database's locks count.
      const next = await openDatabase({ kind: 'postgres', url })
      const locks = (await next.query(
        "select count(*)::int as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())",
      )) as { n: number }[]
      expect(locks[0]?.n).toBe(0)
      await next.close()
    },
  )
})
