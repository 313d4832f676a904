import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { type AdminTable, adminTablePath } from '@/domain/admin-api'
import { insertLetter, insertUser, signedUpAdmin } from '../test-support/admin'
import { get, setupTestServer } from '../test-support/test-server'

/** Keyset pages of the admin's tables: no gaps, no repeats, stable cursors, refusals (decision 024). */

const server = setupTestServer()

let adminCookie: string | undefined
async function admin() {
  adminCookie ??= (await signedUpAdmin(server().app)).cookie
  return adminCookie
}

async function ids(query: string, params: unknown[] = []): Promise<string[]> {
  const rows = (await server().database.query(query, params)) as { id: string }[]
  return rows.map((row) => row.id)
}

type Page = { rows: { id: string }[]; cursor: string | null }

async function page(table: AdminTable, query: string): Promise<Page> {
  const answer = await get(server().app, `${adminTablePath(table)}?${query}`, await admin())
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json<Page>()
}

/** Every page of `table` from the first, following cursors; `between` runs after each page. */
async function walk(
  table: AdminTable,
  {
    limit,
    filter = '',
    between,
  }: { limit: number; filter?: string; between?: (page: Page) => Promise<void> },
): Promise<string[]> {
  const seen: string[] = []
  let cursor: string | null = null
  for (let pages = 0; pages < 1000; pages++) {
    const next: Page = await page(
      table,
      `limit=${limit}${filter}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`,
    )
    expect(next.rows.length).toBeLessThanOrEqual(limit)
    if (next.cursor !== null) expect(next.rows).toHaveLength(limit)
    seen.push(...next.rows.map((row) => row.id))
    cursor = next.cursor
    if (cursor === null) return seen
    await between?.(next)
  }
  throw new Error('More than 1000 pages')
}

const usersInOrder = () =>
  ids(`select id from users where role = 'user' order by created_at desc, id desc`)

describe('keyset pages', () => {
  it('walk a few hundred users, ties and microseconds included, without gaps or repeats', async () => {
    const { database } = server()
    // Three accounts to each instant, instants a microsecond-bearing step apart.
    await database.query(
      `insert into users (id, email, full_name, role, created_at, updated_at)
       select gen_random_uuid(), 'walker' || i || '@example.com', 'Walker ' || i, 'user',
         timestamptz '2026-06-01T00:00:00Z' + (i / 3) * interval '1.000007 second',
         timestamptz '2026-06-01T00:00:00Z'
       from generate_series(1, 320) as i`,
    )
    const expected = await usersInOrder()
    expect(expected.length).toBeGreaterThanOrEqual(320)
    for (const limit of [7, 50, 100]) expect(await walk('users', { limit })).toEqual(expected)
    // One row a page, so a cursor falls between every pair of tied rows.
    const twos = await ids(
      `select id from users where role = 'user' and full_name ilike '%walker 2%'
       order by created_at desc, id desc`,
    )
    expect(twos).toHaveLength(111)
    expect(await walk('users', { limit: 1, filter: '&q=walker%202' })).toEqual(twos)
    expect((await page('users', '')).rows).toHaveLength(50)
  })

  it('keeps its place while rows are added and removed between pages', async () => {
    const { database } = server()
    const before = await usersInOrder()
    const newer: string[] = []
    const older: string[] = []
    let removed: string | undefined
    let round = 0
    const seen = await walk('users', {
      limit: 40,
      between: async (current) => {
        round += 1
        if (round === 2) {
          for (let i = 0; i < 5; i++) newer.push(await insertUser(database))
          // Written meanwhile with an old time (a device that was offline): it sorts below the cursor.
          for (let i = 0; i < 3; i++)
            older.push(await insertUser(database, { createdAt: '2020-01-01T00:00:00.000Z' }))
        }
        if (round === 3) {
          // The row the cursor was taken from goes away; the cursor holds its key, not the row.
          removed = current.rows.at(-1)?.id
          await database.query('delete from users where id = $1', [removed])
        }
      },
    })
    expect(new Set(seen).size).toBe(seen.length)
    for (const id of newer) expect(seen).not.toContain(id)
    for (const id of older) expect(seen).toContain(id)
    expect(seen.filter((id) => !older.includes(id))).toEqual(before)
    expect(removed).toBeDefined()
  })

  it('walk letters without their tombstones', async () => {
    const { database } = server()
    const owner = await insertUser(database, { fullName: 'Letter Owner' })
    const written: string[] = []
    for (let i = 0; i < 60; i++) {
      written.push(
        await insertLetter(database, owner, {
          createdAt: new Date(Date.UTC(2026, 5, 1, 0, 0, i % 20)).toISOString(),
        }),
      )
    }
    await database.query(
      `update letters set deleted_at = now(), version = nextval('sync_version') where id = any($1)`,
      [written.slice(0, 12)],
    )
    const expected = await ids(
      `select id from letters where deleted_at is null order by created_at desc, id desc`,
    )
    expect(await walk('letters', { limit: 9 })).toEqual(expected)
    expect(expected).not.toContain(written[0])
    // Each customer's letters are counted, tombstones left out.
    const { rows } = await page('users', 'q=Letter%20Owner')
    expect(rows).toEqual([expect.objectContaining({ id: owner, letterCount: 48 })])
  })

  it('refuses a limit outside 1–100 and a cursor it did not give, with 400', async () => {
    const cookie = await admin()
    const { app } = server()
    const usersCursor = (await page('users', 'limit=1')).cursor
    expect(usersCursor).not.toBeNull()
    const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
    const refused = [
      'limit=0',
      'limit=101',
      'limit=abc',
      'limit=1.5',
      'limit=',
      'limit=1&limit=2',
      'cursor=',
      'cursor=not-a-cursor',
      `cursor=${forge(['users', '2026-02-30T00:00:00.000000Z', randomUUID()])}`,
      `cursor=${forge(['users', '0000-01-01T00:00:00.000000Z', randomUUID()])}`,
      `cursor=${forge(['users', '2026-01-01T00:00:00.000000Z', 'not-a-uuid'])}`,
      `cursor=${forge(['users', '2026-01-01T00:00:00Z', randomUUID()])}`,
      `cursor=${forge({ at: 1 })}`,
      `cursor=${'a'.repeat(201)}`,
      'sort=email',
    ]
    for (const query of refused) {
      const answer = await get(app, `${adminTablePath('users')}?${query}`, cookie)
      expect(answer.statusCode, `${query} → ${answer.body}`).toBe(400)
      expect(answer.json().error.code).toBe('INVALID_INPUT')
    }
    // A cursor of one table is not taken by another.
    const elsewhere = await get(
      app,
      `${adminTablePath('letters')}?cursor=${encodeURIComponent(usersCursor ?? '')}`,
      cookie,
    )
    expect(elsewhere.statusCode).toBe(400)
    expect((await page('users', 'limit=100')).rows.length).toBeLessThanOrEqual(100)
  })
})

describe('search and dates', () => {
  it('finds accounts by name or email, any case, with % and _ taken literally', async () => {
    const { database } = server()
    const zoe = await insertUser(database, {
      fullName: 'Zoë Quartermaine',
      email: 'zq.unique@example.com',
    })
    const percent = await insertUser(database, { fullName: 'Sold 100% Pure' })
    await insertUser(database, { fullName: 'Sold 1000 Pure' })
    const underscore = await insertUser(database, { fullName: 'snake_case person' })
    await insertUser(database, { fullName: 'snakeXcase person' })
    const backslash = await insertUser(database, { fullName: 'back\\slash person' })
    const find = async (q: string) =>
      (await page('users', `q=${encodeURIComponent(q)}`)).rows.map((row) => row.id)
    expect(await find('QUARTERmaine')).toEqual([zoe])
    expect(await find('zq.UNIQUE@')).toEqual([zoe])
    expect(await find('  quarter  ')).toEqual([zoe])
    expect(await find('100%')).toEqual([percent])
    expect(await find('snake_case')).toEqual([underscore])
    expect(await find('back\\slash')).toEqual([backslash])
    expect(await find('no such person anywhere')).toEqual([])
    expect((await page('users', 'q=%20%20')).rows.length).toBeGreaterThan(0)
  })

  it('finds letters by recipient, matter or owner, and employees by coupon code', async () => {
    const { database } = server()
    const owner = await insertUser(database, { email: 'owner.findme@example.com' })
    const other = await insertUser(database)
    const byRecipient = await insertLetter(database, other, {
      recipientName: 'Xavier Recipientson',
    })
    const byMatter = await insertLetter(database, other, { matter: 'Broken xylophone warranty' })
    const byOwner = await insertLetter(database, owner)
    const employee = await insertUser(database, {
      role: 'employee',
      couponCode: 'EMPZQX234',
      fullName: 'Coupon Holder',
    })
    const find = async (table: AdminTable, q: string) =>
      (await page(table, `q=${encodeURIComponent(q)}`)).rows.map((row) => row.id).sort()
    expect(await find('letters', 'recipientson')).toEqual([byRecipient])
    expect(await find('letters', 'XYLOPHONE')).toEqual([byMatter])
    expect(await find('letters', 'owner.findme')).toEqual([byOwner])
    expect(await find('employees', 'zqx2')).toEqual([employee])
  })

  it('keeps rows from a day to a day (whole UTC days) or between instants, both included', async () => {
    const { database } = server()
    const at = (createdAt: string) =>
      insertUser(database, { fullName: `Dated ${createdAt}`, createdAt })
    const early = await at('2025-03-01T10:00:00.000Z')
    const lastMoment = await at('2025-03-02T23:59:59.999Z')
    await database.query(
      `update users set created_at = created_at + interval '999 microseconds' where id = $1`,
      [lastMoment],
    )
    const nextDay = await at('2025-03-03T00:00:00.000Z')
    const find = async (range: string) =>
      (await page('users', `q=Dated&${range}`)).rows.map((row) => row.id)
    expect(await find('from=2025-03-02&to=2025-03-02')).toEqual([lastMoment])
    expect(await find('from=2025-03-01&to=2025-03-03')).toEqual([nextDay, lastMoment, early])
    expect(await find('to=2025-03-01')).toEqual([early])
    expect(await find('from=2025-03-03')).toEqual([nextDay])
    expect(await find('from=2025-03-01T10:00:00Z&to=2025-03-03T00:00:00Z')).toEqual([
      nextDay,
      lastMoment,
      early,
    ])
    expect(await find(`from=${encodeURIComponent('2025-03-03T01:00:00+01:00')}`)).toEqual([nextDay])
    const cookie = await admin()
    for (const range of [
      'from=2025-03-03&to=2025-03-02',
      'from=2025-03-02T00:00:01Z&to=2025-03-02T00:00:00Z',
      'from=2025-02-30',
      'from=yesterday',
      'to=2025-13-01',
      'from=2025-03-01T10:00:00',
    ]) {
      const answer = await get(server().app, `${adminTablePath('users')}?${range}`, cookie)
      expect(answer.statusCode, `${range} → ${answer.body}`).toBe(400)
    }
    // The far ends of the calendar are answered, not refused by the database.
    expect((await page('users', 'from=0001-01-01&to=9999-12-31')).rows.length).toBeGreaterThan(0)
    expect(
      (await page('users', `to=${encodeURIComponent('0001-01-01T00:30:00+01:00')}`)).rows,
    ).toEqual([])
  })
})
