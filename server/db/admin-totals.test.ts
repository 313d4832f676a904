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
import { MIGRATIONS_FOLDER, PGLITE_EXTENSIONS } from './database'

/**
 * Migration 0004_admin_totals fills the counters from the rows already there,
 * so a database written before it starts with the right totals, and the
 * triggers keep them from then on.
 */

type Journal = { entries: { tag: string }[] }
const journal = JSON.parse(
  readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
) as Journal

/** The migrations folder as it was before `tag`. */
function migrationsBefore(tag: string): string {
  const at = journal.entries.findIndex((entry) => entry.tag === tag)
  if (at < 0) throw new Error(`No migration ${tag}`)
  const entries = journal.entries.slice(0, at)
  const folder = mkdtempSync(join(tmpdir(), 'letterhead-before-admin-totals-'))
  mkdirSync(join(folder, 'meta'))
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }))
  for (const entry of entries) {
    copyFileSync(join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`))
  }
  return folder
}

type Query = (text: string, params?: unknown[]) => Promise<unknown[]>

/** Accounts, letters (one a tombstone), purchases with a commission, a message, an error report. */
async function writeRows(query: Query) {
  const customer = randomUUID()
  const employee = randomUUID()
  await query(
    `insert into users (id, email, full_name, role, coupon_code, created_at, updated_at) values
       ($1, $3, 'Customer', 'user', null, now(), now()),
       ($2, $4, 'Employee', 'employee', $5, now(), now()),
       (gen_random_uuid(), $6, 'Admin', 'admin', null, now(), now())`,
    [
      customer,
      employee,
      `${customer}@example.com`,
      `${employee}@example.com`,
      `EMP${employee.slice(0, 6).toUpperCase()}`,
      `${randomUUID()}@example.com`,
    ],
  )
  await query(
    `insert into letters (id, owner_id, type, sender_name, sender_address, recipient_name,
       recipient_address, matter, resolution, content, status, generator, version, created_at,
       updated_at, deleted_at)
     select gen_random_uuid(), $1, 'Demand Letter', 'A', 'B', 'C', 'D', 'E', 'F', '', 'completed',
       'built-in', nextval('sync_version'), now(), now(), case when i = 1 then now() end
     from generate_series(1, 4) as i`,
    [customer],
  )
  const subscription = randomUUID()
  await query(
    `insert into subscriptions (id, owner_id, plan, list_cents, discount_percent, discount_cents,
       price_cents, letters, employee_id, coupon_code, gateway, charge_id, version, created_at,
       updated_at)
     values ($1, $2, 'annual8', 59900, 20, 11980, 47920, 8, $3, 'EMPX', 'test', $4,
       nextval('sync_version'), now(), now())`,
    [subscription, customer, employee, `charge-${subscription}`],
  )
  // Since 0006 a commission is synced to its employee and carries a version.
  const synced = await query(
    `select 1 from information_schema.columns
     where table_name = 'commissions' and column_name = 'version'`,
  )
  await query(
    synced.length > 0
      ? `insert into commissions (id, employee_id, subscription_id, sale_cents, commission_cents,
           version, created_at, updated_at)
         values (gen_random_uuid(), $1, $2, 47920, 2396, nextval('sync_version'), now(), now())`
      : `insert into commissions (id, employee_id, subscription_id, sale_cents, commission_cents,
           created_at) values (gen_random_uuid(), $1, $2, 47920, 2396, now())`,
    [employee, subscription],
  )
  await query(
    `insert into contact_messages (id, name, email, subject, message, created_at, updated_at)
     values (gen_random_uuid(), 'N', 'n@example.com', 'S', 'M', now(), now())`,
  )
  await query(
    `insert into error_reports (id, message, stack, route, user_agent, created_at, updated_at)
     values (gen_random_uuid(), 'E', '', '/', '', now(), now())`,
  )
}

async function totals(query: Query) {
  const rows = (await query(
    `select metric, sum(value)::int as total, count(*)::int as shards
     from admin_counters group by metric order by metric`,
  )) as { metric: string; total: number; shards: number }[]
  for (const row of rows) expect(row.shards, row.metric).toBe(16)
  return Object.fromEntries(rows.map((row) => [row.metric, row.total]))
}

/** What one round of writeRows adds, `rounds` times over. */
const expected = (rounds: number) => ({
  commission_cents: 2396 * rounds,
  commissions: rounds,
  discount_cents: 11980 * rounds,
  employees: rounds,
  errors: rounds,
  letters: 3 * rounds,
  messages: rounds,
  // Refunds are counted since 0008_refund_totals; these rows have none.
  refunded_cents: 0,
  refunds: 0,
  revenue_cents: 47920 * rounds,
  subscriptions: rounds,
  users: rounds,
})

describe('0004_admin_totals', () => {
  it('counts the rows a database held before it, on PGlite', { timeout: 90_000 }, async () => {
    const folder = migrationsBefore('0004_admin_totals')
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS })
    try {
      const db = drizzlePglite({ client })
      const query: Query = async (text, params) => (await client.query(text, params)).rows
      await migratePglite(db, { migrationsFolder: folder })
      await writeRows(query)
      await writeRows(query)
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER })
      expect(await totals(query)).toEqual(expected(2))
      await writeRows(query)
      expect(await totals(query)).toEqual(expected(3))
    } finally {
      await client.close()
      rmSync(folder, { recursive: true, force: true })
    }
  })

  const adminUrl = process.env.TEST_DATABASE_URL
  const created: ScratchDatabase[] = []
  afterAll(async () => {
    for (const scratch of created) await scratch.drop()
  })

  it.skipIf(!adminUrl)('counts the rows a database held before it, on PostgreSQL', async () => {
    const scratch = await createScratchDatabase(adminUrl ?? '', 'letterhead_totals')
    created.push(scratch)
    const folder = migrationsBefore('0004_admin_totals')
    const client = new pg.Client({ connectionString: scratch.url })
    await client.connect()
    try {
      const query: Query = async (text, params) =>
        (await client.query(text, params)).rows as unknown[]
      await migratePg(drizzlePg({ client }), { migrationsFolder: folder })
      await writeRows(query)
      await writeRows(query)
      await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER })
      expect(await totals(query)).toEqual(expected(2))
      await writeRows(query)
      expect(await totals(query)).toEqual(expected(3))
    } finally {
      await client.end()
      rmSync(folder, { recursive: true, force: true })
    }
  })
})
