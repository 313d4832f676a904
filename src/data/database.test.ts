import { Dexie } from 'dexie'
import { describe, expect, it } from 'vitest'
import { expectTalliesMatchRows } from '../../tests/support/stored-tallies'
import {
  SCHEMA_V1,
  SCHEMA_V2,
  SCHEMA_V3,
  SCHEMA_V4,
  SCHEMA_V5,
  SCHEMA_VERSION,
  openDatabase,
} from './database'

type Rows = Record<string, unknown[]>

/** Writes rows with an earlier schema, as an older Letterhead would have. */
async function writeWithSchema(
  name: string,
  version: number,
  schema: Record<string, string>,
  rows: Rows,
) {
  const old = new Dexie(name)
  old.version(version).stores(schema)
  await old.open()
  for (const [table, items] of Object.entries(rows)) await old.table(table).bulkAdd(items)
  old.close()
}

const writeWithVersion1 = (name: string, rows: Rows) => writeWithSchema(name, 1, SCHEMA_V1, rows)

/** Opens the current schema and checks every row written before is there, fields intact. */
async function openAndFindIntact(name: string, rows: Rows) {
  const db = openDatabase(name)
  await db.open()
  expect(db.verno).toBe(SCHEMA_VERSION)
  for (const [table, items] of Object.entries(rows)) {
    const stored = await db.table(table).toArray()
    expect(stored, table).toHaveLength(items.length)
    for (const row of items) expect(stored, table).toContainEqual(expect.objectContaining(row))
  }
  return db
}

const T = '2026-01-01T00:00:00.000Z'
const FIXTURES = {
  users: [
    { id: 'u1', email: 'a@example.com', fullName: 'A', role: 'user', createdAt: T, updatedAt: T },
    {
      id: 'e1',
      email: 'e@example.com',
      fullName: 'E',
      role: 'employee',
      couponCode: 'EMPAAAAAA',
      referrals: 1,
      earningsCents: 1196,
      createdAt: T,
      updatedAt: T,
    },
  ],
  credentials: [
    { userId: 'u1', algorithm: 'PBKDF2-HMAC-SHA256', iterations: 600000, salt: 's', hash: 'h' },
  ],
  session: [{ id: 'current', userId: 'u1', signedInAt: T }],
  letters: [
    {
      id: 'l1',
      userId: 'u1',
      type: 'Demand Letter',
      senderName: 'A',
      senderAddress: 'x',
      recipientName: 'B',
      recipientAddress: 'y',
      matter: 'm',
      resolution: 'r',
      content: 'Dear B:',
      status: 'completed',
      generator: 'built-in',
      createdAt: T,
      updatedAt: T,
    },
  ],
  subscriptions: [
    {
      id: 's1',
      userId: 'u1',
      plan: 'single',
      priceCents: 23920,
      discountCents: 5980,
      discountPercent: 20,
      couponCode: 'EMPAAAAAA',
      employeeId: 'e1',
      letters: 1,
      expiresAt: null,
      createdAt: T,
      updatedAt: T,
    },
  ],
  commissions: [
    {
      id: 'c1',
      employeeId: 'e1',
      subscriptionId: 's1',
      amountCents: 1196,
      createdAt: T,
      updatedAt: T,
    },
  ],
  messages: [
    {
      id: 'm1',
      name: 'N',
      email: 'n@example.com',
      subject: 'S',
      message: 'M',
      createdAt: T,
      updatedAt: T,
    },
  ],
  errors: [{ id: 'x1', message: 'boom', stack: '', route: '/', createdAt: T, updatedAt: T }],
  settings: [{ key: 'theme', value: 'dark' }],
  signInThrottle: [{ email: 'a@example.com', failures: [T], lockedUntil: null }],
}

describe('schema migrations', () => {
  it('opens a version 1 database and finds every row intact', async () => {
    const name = `migration-${Date.now()}`
    await writeWithVersion1(name, FIXTURES)
    const db = await openAndFindIntact(name, FIXTURES)
    expect(await db.letterVersions.count()).toBe(0)
    await expectTalliesMatchRows(db)
    db.close()
  })

  it('gives version 1 subscriptions an idempotency key of their own', async () => {
    const name = `migration-key-${Date.now()}`
    await writeWithVersion1(name, { subscriptions: FIXTURES.subscriptions })
    const db = openDatabase(name)
    expect((await db.subscriptions.get('s1'))?.idempotencyKey).toBe('s1')
    expect(await db.subscriptions.where('idempotencyKey').equals('s1').count()).toBe(1)
    db.close()
  })

  it('opens a version 2 database, finds every row intact and counts the tallies from the rows', async () => {
    const name = `migration-v2-${Date.now()}`
    const [letter] = FIXTURES.letters
    const [single] = FIXTURES.subscriptions
    const idle = { ...FIXTURES.users[0], id: 'u2', email: 'b@example.com' }
    const rows: Rows = {
      ...FIXTURES,
      users: [...FIXTURES.users, idle],
      subscriptions: [
        { ...single, idempotencyKey: 's1' },
        { ...single, id: 's2', plan: 'annual4', letters: 4, idempotencyKey: 's2' },
      ],
      letters: [
        { ...letter, subscriptionId: 's2' },
        { ...letter, id: 'l2', subscriptionId: 's2' },
        { ...letter, id: 'l3', status: 'failed', error: 'engine down' },
        { ...letter, id: 'l4', subscriptionId: 's1' },
      ],
      letterVersions: [
        {
          id: 'v1',
          letterId: 'l1',
          content: 'Dear B',
          answers: {},
          reason: 'edited',
          createdAt: T,
          updatedAt: T,
        },
      ],
    }
    await writeWithSchema(name, 2, SCHEMA_V2, rows)
    const db = await openAndFindIntact(name, rows)
    await expectTalliesMatchRows(db)
    expect((await db.users.toArray()).map((u) => [u.id, u.letterCount])).toEqual([
      ['e1', undefined],
      ['u1', 4],
      ['u2', 0],
    ])
    expect((await db.subscriptions.toArray()).map((s) => [s.id, s.lettersUsed])).toEqual([
      ['s1', 1],
      ['s2', 2],
    ])
    db.close()
  })

  it('opens a version 3 database, finds every row intact, and starts with nothing to sync', async () => {
    const name = `migration-v3-${Date.now()}`
    const [user] = FIXTURES.users
    const [single] = FIXTURES.subscriptions
    const rows: Rows = {
      ...FIXTURES,
      users: [{ ...user, letterCount: 1 }, FIXTURES.users[1]],
      subscriptions: [{ ...single, idempotencyKey: 's1', lettersUsed: 1 }],
      letters: FIXTURES.letters.map((letter) => ({ ...letter, subscriptionId: 's1' })),
    }
    await writeWithSchema(name, 3, SCHEMA_V3, rows)
    const db = await openAndFindIntact(name, rows)
    await expectTalliesMatchRows(db)
    expect(await db.outbox.count()).toBe(0)
    expect(await db.syncState.count()).toBe(0)
    db.close()
  })

  it('opens a version 4 database, finds every row and pending mutation intact, and queues nothing for the inbox', async () => {
    const name = `migration-v4-${Date.now()}`
    const [user] = FIXTURES.users
    const [single] = FIXTURES.subscriptions
    const rows: Rows = {
      ...FIXTURES,
      users: [{ ...user, letterCount: 1 }, FIXTURES.users[1]],
      subscriptions: [{ ...single, idempotencyKey: 's1', lettersUsed: 1 }],
      letters: FIXTURES.letters.map((letter) => ({ ...letter, subscriptionId: 's1' })),
      syncState: [{ userId: 'u1', clientId: 'c1', cursor: 7, nextMutationId: 2, downloaded: true }],
      outbox: [
        {
          clientId: 'c1',
          id: 1,
          userId: 'u1',
          name: 'settings.set',
          args: { key: 'theme', value: 'dark' },
          keys: ['settings:theme'],
          createdAt: T,
        },
      ],
    }
    await writeWithSchema(name, 4, SCHEMA_V4, rows)
    const db = await openAndFindIntact(name, rows)
    await expectTalliesMatchRows(db)
    expect(await db.inboxQueue.count()).toBe(0)
    // The new table takes entries, numbered in order.
    await db.inboxQueue.add({
      kind: 'error',
      request: { id: 'x2', message: 'boom', stack: '', route: '/' },
      queuedAt: T,
    })
    expect((await db.inboxQueue.toArray()).map((entry) => entry.seq)).toEqual([1])
    db.close()
  })

  it('opens a version 5 database, finds every row intact, and finds letters by their reply-by day', async () => {
    const name = `migration-v5-${Date.now()}`
    const [user] = FIXTURES.users
    const [single] = FIXTURES.subscriptions
    const [letter] = FIXTURES.letters
    const rows: Rows = {
      ...FIXTURES,
      users: [{ ...user, letterCount: 2 }, FIXTURES.users[1]],
      subscriptions: [{ ...single, letters: 4, idempotencyKey: 's1', lettersUsed: 2 }],
      letters: [
        { ...letter, subscriptionId: 's1', version: 3 },
        { ...letter, id: 'l2', subscriptionId: 's1', type: 'Recommendation Letter' },
      ],
      letterVersions: [
        {
          id: 'v1',
          letterId: 'l1',
          content: 'Dear B',
          answers: { type: 'Demand Letter', matter: 'm' },
          reason: 'edited',
          createdAt: T,
          updatedAt: T,
        },
      ],
      syncState: [
        {
          userId: 'u1',
          clientId: 'c1',
          cursor: 7,
          schemaVersion: 2,
          nextMutationId: 2,
          downloaded: true,
        },
      ],
      outbox: [
        {
          clientId: 'c1',
          id: 1,
          userId: 'u1',
          name: 'letters.editContent',
          args: { id: 'l1', content: 'Dear B', versionId: 'v1', baseVersion: 3 },
          keys: ['letters:l1'],
          createdAt: T,
        },
      ],
      inboxQueue: [
        {
          seq: 1,
          kind: 'error',
          request: { id: 'x2', message: 'boom', stack: '', route: '/' },
          queuedAt: T,
        },
      ],
    }
    await writeWithSchema(name, 5, SCHEMA_V5, rows)
    const db = await openAndFindIntact(name, rows)
    await expectTalliesMatchRows(db)
    // Letters written before reply-by days have none, and stay out of the new index.
    expect(await db.letters.where('replyBy').above('').count()).toBe(0)
    await db.letters.update('l1', { replyBy: '2026-01-31' })
    expect(await db.letters.where('replyBy').belowOrEqual('2026-02-01').primaryKeys()).toEqual([
      'l1',
    ])
    db.close()
  })
})
