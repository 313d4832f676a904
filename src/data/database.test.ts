import { Dexie } from 'dexie'
import { describe, expect, it } from 'vitest'
import { SCHEMA_V1, SCHEMA_VERSION, openDatabase } from './database'

/** Writes rows with an earlier schema, as an older Letterhead would have, then opens the current one. */
async function writeWithVersion1(name: string, rows: Record<string, unknown[]>) {
  const old = new Dexie(name)
  old.version(1).stores(SCHEMA_V1)
  await old.open()
  for (const [table, items] of Object.entries(rows)) await old.table(table).bulkAdd(items)
  old.close()
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
    const db = openDatabase(name)
    await db.open()
    expect(db.verno).toBe(SCHEMA_VERSION)
    for (const [table, rows] of Object.entries(FIXTURES)) {
      const stored = await db.table(table).toArray()
      expect(stored, table).toHaveLength(rows.length)
      for (const row of rows) expect(stored, table).toContainEqual(expect.objectContaining(row))
    }
    expect(await db.letterVersions.count()).toBe(0)
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
})
