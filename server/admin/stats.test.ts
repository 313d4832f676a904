import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ADMIN_PATHS, type AdminStats } from '@/domain/admin-api'
import { INBOX_PATHS } from '@/domain/inbox-api'
import { refundPath } from '@/domain/money-api'
import { insertLetter, insertSubscription, insertUser, signedUpAdmin } from '../test-support/admin'
import { newLetter, SyncDevice } from '../test-support/sync-device'
import { databaseKind } from '../test-support/test-database'
import { get, post, setupTestServer, signedUp } from '../test-support/test-server'

/**
 * The totals come from counters kept by triggers (migration 0004_admin_totals),
 * never from counting; after any mix of writes they must equal the counts.
 */

const server = setupTestServer({
  drawCouponCode: () => `EMP${randomUUID().replaceAll('-', '').slice(0, 6).toUpperCase()}`,
  inboxRateLimits: { messages: { max: 1000, timeWindowMs: 60_000 } },
})

let adminCookie: string | undefined
async function stats(): Promise<AdminStats> {
  adminCookie ??= (await signedUpAdmin(server().app)).cookie
  const answer = await get(server().app, ADMIN_PATHS.stats, adminCookie)
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json<AdminStats>()
}

/** The same figures, counted from the rows. */
async function counted(): Promise<AdminStats> {
  const [row] = (await server().database.query(
    `select
       (select count(*) from users where role = 'user' and deleted_at is null)::int as "users",
       (select count(*) from users where role = 'employee' and deleted_at is null)::int as "employees",
       (select count(*) from letters where deleted_at is null)::int as "letters",
       (select count(*) from subscriptions where deleted_at is null)::int as "subscriptions",
       (select coalesce(sum(price_cents), 0) from subscriptions where deleted_at is null)::int
         as "revenueCents",
       (select coalesce(sum(discount_cents), 0) from subscriptions where deleted_at is null)::int
         as "discountsCents",
       (select count(*) from commissions)::int as "commissions",
       (select coalesce(sum(commission_cents), 0) from commissions)::int as "commissionsCents",
       (select count(*) from refunds)::int as "refunds",
       (select coalesce(sum(amount_cents), 0) from refunds)::int as "refundedCents",
       (select count(*) from contact_messages)::int as "messages",
       (select count(*) from error_reports)::int as "errors"`,
  )) as AdminStats[]
  if (!row) throw new Error('nothing counted')
  return row
}

async function expectTotalsMatch(step: string) {
  expect(await stats(), step).toEqual(await counted())
}

const CARD = {
  cardNumber: '4242 4242 4242 4242',
  expiryDate: '12/30',
  cvv: '123',
  cardholderName: 'Ada Customer',
}

function buy(cookie: string, body: Record<string, unknown>) {
  return server().app.inject({
    method: 'POST',
    url: '/api/checkout',
    payload: { card: CARD, ...body },
    headers: { cookie, 'idempotency-key': randomUUID() },
  })
}

const message = (n: number) => ({
  name: `Sender ${n}`,
  email: `sender${n}@example.com`,
  subject: 'A question',
  message: 'Do you write letters in French?',
})

describe('GET /api/admin/stats', () => {
  it('equals the counts after inserts, tombstones, deletes and role changes', async () => {
    const { app, database } = server()
    await expectTotalsMatch('fresh')

    const customer = await signedUp(app, 'user')
    await signedUp(app, 'user')
    const employee = await signedUp(app, 'employee')
    await expectTotalsMatch('sign-ups')

    const device = new SyncDevice(app, customer.cookie)
    const written = [newLetter(), newLetter(), newLetter()]
    await device.push(...written.map((letter) => device.mutation('letters.create', { letter })))
    await device.push(
      device.mutation('letters.complete', {
        id: written[0]?.id ?? '',
        content: 'Dear Bob,',
        generator: 'built-in',
      }),
    )
    await expectTotalsMatch('letters pushed')

    await database.query(
      `insert into letters (id, owner_id, type, sender_name, sender_address, recipient_name,
         recipient_address, matter, resolution, content, status, generator, version, created_at,
         updated_at)
       select gen_random_uuid(), $1, 'Demand Letter', 'A', 'B', 'C', 'D', 'Matter ' || i, 'E', '',
         'generating', 'built-in', nextval('sync_version'), now(), now()
       from generate_series(1, 25) as i`,
      [customer.user.id],
    )
    await expectTotalsMatch('25 letters in one statement')

    const tombstone = (count: number) =>
      database.query(
        `update letters set deleted_at = now() where id in (
           select id from letters where deleted_at is null order by id limit ${count})`,
      )
    await tombstone(5)
    await expectTotalsMatch('5 tombstoned')
    await database.query(
      `update letters set deleted_at = null where id in (
         select id from letters where deleted_at is not null order by id limit 2)`,
    )
    await database.query(`update letters set deleted_at = now() where deleted_at is not null`)
    await database.query(`update letters set matter = matter || '.'`)
    await expectTotalsMatch('tombstones lifted, set again, and an edit')
    await database.query(
      `delete from letters where id in (
         (select id from letters where deleted_at is null order by id limit 2)
         union all (select id from letters where deleted_at is not null order by id limit 1))`,
    )
    await expectTotalsMatch('letters deleted')

    expect(
      (await buy(customer.cookie, { plan: 'annual4', couponCode: employee.user.couponCode }))
        .statusCode,
    ).toBe(201)
    expect((await buy(customer.cookie, { plan: 'annual8' })).statusCode).toBe(201)
    const other = await insertUser(database)
    const gone = await insertSubscription(database, other, { employeeId: employee.user.id })
    await expectTotalsMatch('purchases')
    await database.query(`update subscriptions set deleted_at = now() where id = $1`, [gone])
    await database.query(
      `update subscriptions set price_cents = price_cents + 100 where deleted_at is null`,
    )
    await expectTotalsMatch('a purchase tombstoned, prices moved')

    await database.query(`update users set role = 'employee' where id = $1`, [other])
    await expectTotalsMatch('a role changed')

    const admin = await signedUpAdmin(app)
    const [refundable] = (await database.query(
      `select id from subscriptions where owner_id = $1 and plan = 'annual8'`,
      [customer.user.id],
    )) as { id: string }[]
    const refunded = await post(app, refundPath(refundable?.id ?? ''), undefined, admin.cookie)
    expect(refunded.statusCode, refunded.body).toBe(201)
    // Annual 8 Letters at $599.00, moved up a dollar above: the whole price goes back.
    expect(await stats()).toMatchObject({ refunds: 1, refundedCents: 60_000 })
    await expectTotalsMatch('a purchase refunded')

    for (let n = 0; n < 3; n++)
      expect((await post(app, INBOX_PATHS.messages, message(n))).statusCode).toBe(201)
    for (let n = 0; n < 2; n++) {
      const report = { message: `Error ${n}`, stack: '', route: '/app' }
      expect((await post(app, INBOX_PATHS.errors, report)).statusCode).toBe(201)
    }
    await database.query(`delete from contact_messages where id in (
      select id from contact_messages order by id limit 1)`)
    await expectTotalsMatch('messages and errors')
    await database.query('truncate error_reports')
    await expectTotalsMatch('error reports truncated')

    // A customer goes, and their letters and purchases with them (cascades fire the triggers too).
    const leaving = await insertUser(database)
    await insertLetter(database, leaving)
    await insertSubscription(database, leaving)
    await database.query('delete from users where id = $1', [leaving])
    // An employee goes, and their commissions with them; purchases keep their coupon, unlinked.
    await database.query('delete from users where id = $1', [employee.user.id])
    await expectTotalsMatch('accounts deleted')

    // An account deleted by its owner stays as a tombstone (decision 035) and is counted no more;
    // changing a tombstone's role does not bring it back.
    const tombstoned = await insertUser(database)
    await database.query('update users set deleted_at = now() where id = $1', [tombstoned])
    await expectTotalsMatch('an account tombstoned')
    await database.query(`update users set role = 'employee' where id = $1`, [tombstoned])
    await expectTotalsMatch('a tombstone changed')
  })

  it('counts nothing a rolled back transaction wrote', async () => {
    const { database } = server()
    const before = await stats()
    const owner = await insertUser(database)
    const after = await stats()
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into contact_messages (id, name, email, subject, message,
          created_at, updated_at) values (${randomUUID()}, 'N', 'n@example.com', 'S', 'M', now(), now())`)
        await tx.execute(sql`delete from users where id = ${owner}`)
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(after.users).toBe(before.users + 1)
    expect(await stats()).toEqual(after)
    await expectTotalsMatch('after a rollback')
  })

  it('equals the counts after concurrent writers', async () => {
    const { app, database } = server()
    const owners = await Promise.all(Array.from({ length: 6 }, () => insertUser(database)))
    await Promise.all([
      ...Array.from({ length: 40 }, (_, i) => insertLetter(database, owners[i % 6] ?? '')),
      ...Array.from({ length: 6 }, () => signedUp(app, 'user')),
      ...Array.from({ length: 10 }, (_, n) => post(app, INBOX_PATHS.messages, message(100 + n))),
      ...owners.map((owner) => insertSubscription(database, owner)),
      ...owners.map((owner) =>
        database.query(`update letters set deleted_at = now() where owner_id = $1`, [owner]),
      ),
    ])
    await expectTotalsMatch('concurrent writers')
  })

  it.skipIf(databaseKind() === 'pglite')(
    'lets a writer through while another transaction holds a counter (PostgreSQL)',
    async () => {
      const { database } = server()
      const owner = await insertUser(database)
      const newLetterRow = () => sql`insert into letters (id, owner_id, type, sender_name,
        sender_address, recipient_name, recipient_address, matter, resolution, content, status,
        generator, version, created_at, updated_at)
        values (${randomUUID()}, ${owner}, 'Demand Letter', 'A', 'B', 'C', 'D', 'E', 'F', '',
          'generating', 'built-in', nextval('sync_version'), now(), now())`
      let release = () => undefined as void
      const released = new Promise<void>((resolve) => {
        release = resolve
      })
      let holding = () => undefined as void
      const isHolding = new Promise<void>((resolve) => {
        holding = resolve
      })
      // Another transaction holds fifteen of the sixteen shards, as fifteen writers adding letters at
      // once would, and stays open.
      const open = database.db.transaction(async (tx) => {
        await tx.execute(
          sql`select shard from admin_counters where metric = 'letters' and shard < 15 for update`,
        )
        holding()
        await released
      })
      await isHolding
      try {
        // A writer adds a letter and must not wait for them: it takes the shard nobody holds.
        await database.db.transaction(async (tx) => {
          await tx.execute(sql`set local lock_timeout = '2s'`)
          await tx.execute(newLetterRow())
        })
      } finally {
        release()
        await open
      }
      await expectTotalsMatch('two writers of one metric at once')
    },
  )
})
