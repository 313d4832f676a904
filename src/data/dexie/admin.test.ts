import { describe, expect, it } from 'vitest'
import type { Letter, Role, Subscription, User } from '@/domain/types'
import { type AdminQuery, pageCount } from '../admin-repository'
import type { LetterheadDatabase } from '../database'
import { createTestRepository } from '../test-support'
import { SESSION_KEY } from './context'
import { recountTallies } from '../letter-tallies'
import { expectTalliesMatchRows } from '../../../tests/support/stored-tallies'

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString()

function person(id: string, role: Role, minute: number, extra: Partial<User> = {}): User {
  return {
    id,
    email: `${id}@example.com`,
    fullName: `Person ${id}`,
    role,
    createdAt: at(minute),
    updatedAt: at(minute),
    ...extra,
  }
}

function letter(id: string, userId: string, minute: number, extra: Partial<Letter> = {}): Letter {
  return {
    id,
    userId,
    type: 'Demand Letter',
    senderName: 'Sender',
    senderAddress: '1 Road',
    recipientName: 'Recipient',
    recipientAddress: '2 Road',
    matter: `Matter ${id}`,
    resolution: 'Pay',
    content: 'Dear Recipient:',
    status: 'completed',
    generator: 'built-in',
    createdAt: at(minute),
    updatedAt: at(minute),
    ...extra,
  }
}

function purchase(id: string, userId: string, priceCents: number, coupon?: string): Subscription {
  return {
    id,
    userId,
    plan: priceCents > 30_000 ? 'annual8' : 'single',
    priceCents,
    discountCents: coupon ? 5_980 : 0,
    discountPercent: coupon ? 20 : 0,
    letters: 1,
    lettersUsed: 0,
    expiresAt: null,
    idempotencyKey: id,
    ...(coupon ? { couponCode: coupon, employeeId: 'e1' } : {}),
    createdAt: at(100),
    updatedAt: at(100),
  }
}

const signInAs = (db: LetterheadDatabase, userId: string) =>
  db.session.put({ id: SESSION_KEY, userId, signedInAt: at(0) })

async function setup() {
  const context = createTestRepository()
  const { db } = context
  await db.users.bulkAdd([
    person('admin', 'admin', 0),
    person('e1', 'employee', 1, { couponCode: 'EMPAAAAAA', referrals: 1, earningsCents: 1_196 }),
    person('e2', 'employee', 2, { couponCode: 'EMPBBBBBB', referrals: 0, earningsCents: 0 }),
    ...Array.from({ length: 60 }, (_, index) =>
      person(`u${String(index).padStart(2, '0')}`, 'user', 10 + index, {
        fullName: `Name ${String(59 - index).padStart(2, '0')}`,
      }),
    ),
  ])
  await db.letters.bulkAdd([
    letter('l1', 'u00', 1, { matter: 'Unpaid invoice', status: 'generating' }),
    letter('l2', 'u01', 2, { matter: 'Broken lease', type: 'Legal Notice' }),
    letter('l3', 'u01', 3, { matter: 'Trademark use', recipientName: 'Acme Ltd' }),
  ])
  await db.subscriptions.bulkAdd([
    purchase('s1', 'u00', 23_920, 'EMPAAAAAA'),
    purchase('s2', 'u01', 59_900),
  ])
  // The rows above were written straight to the tables: give them the tallies the repository keeps.
  const [users, letters, subscriptions] = await Promise.all([
    db.users.toArray(),
    db.letters.toArray(),
    db.subscriptions.toArray(),
  ])
  recountTallies({ users, letters, subscriptions })
  await Promise.all([db.users.bulkPut(users), db.subscriptions.bulkPut(subscriptions)])
  await expectTalliesMatchRows(db)
  await signInAs(db, 'admin')
  return context
}

const query = (overrides: Partial<AdminQuery> = {}): AdminQuery => ({
  page: 1,
  pageSize: 25,
  sort: 'createdAt',
  direction: 'asc',
  search: '',
  ...overrides,
})

describe('admin repository', () => {
  it('totals users, employees, letters and revenue', async () => {
    const { repo } = await setup()
    expect(await repo.admin.totals()).toEqual({
      users: 60,
      employees: 2,
      letters: 3,
      revenueCents: 83_820,
    })
  })

  it('pages users of role user only, clamping a page past the end to the last', async () => {
    const { repo } = await setup()
    const first = await repo.admin.users(query())
    expect(first.total).toBe(60)
    expect(first.rows.map((row) => row.id).slice(0, 2)).toEqual(['u00', 'u01'])
    expect(first.rows).toHaveLength(25)
    const third = await repo.admin.users(query({ page: 3 }))
    expect(third.rows.map((row) => row.id)).toEqual(
      Array.from({ length: 10 }, (_, index) => `u${50 + index}`),
    )
    expect(await repo.admin.users(query({ page: 9 }))).toEqual(third)
    expect(first.rows[1]).toMatchObject({ email: 'u01@example.com', letters: 2 })
  })

  it('sorts by an indexed column in both directions', async () => {
    const { repo } = await setup()
    const byName = await repo.admin.users(query({ sort: 'fullName', pageSize: 3 }))
    expect(byName.rows.map((row) => row.fullName)).toEqual(['Name 00', 'Name 01', 'Name 02'])
    const newest = await repo.admin.users(query({ direction: 'desc', pageSize: 2 }))
    expect(newest.rows.map((row) => row.id)).toEqual(['u59', 'u58'])
    const matters = async (direction: 'asc' | 'desc') =>
      (await repo.admin.letters(query({ sort: 'matter', direction }))).rows.map((r) => r.matter)
    expect(await matters('asc')).toEqual(['Broken lease', 'Trademark use', 'Unpaid invoice'])
    expect(await matters('desc')).toEqual(['Unpaid invoice', 'Trademark use', 'Broken lease'])
    const earners = await repo.admin.employees(query({ sort: 'earningsCents', direction: 'desc' }))
    expect(earners.rows.map((row) => [row.couponCode, row.earningsCents])).toEqual([
      ['EMPAAAAAA', 1_196],
      ['EMPBBBBBB', 0],
    ])
  })

  it('pages through equal sort keys alike from either end, each row once', async () => {
    const { repo, db } = await setup()
    await db.letters.bulkAdd(
      Array.from({ length: 17 }, (_, index) => letter(`t${index % 7}-${index}`, 'u02', 50)),
    )
    const walk = async (direction: 'asc' | 'desc', search = '') => {
      const ids: string[] = []
      for (let page = 1, pages = 1; page <= pages; page++) {
        const result = await repo.admin.letters(
          query({ sort: 'type', direction, pageSize: 3, page, search }),
        )
        pages = pageCount(result.total, 3)
        ids.push(...result.rows.map((row) => row.id))
      }
      return ids
    }
    const ascending = await walk('asc')
    expect(new Set(ascending).size).toBe(20)
    expect(await walk('desc')).toEqual([...ascending].reverse())
    const matching = await walk('asc', 'matter t')
    expect(matching).toEqual(ascending.filter((id) => id.startsWith('t')))
  })

  it('searches a few text columns, ignoring case, and counts only the matches', async () => {
    const { repo } = await setup()
    const found = await repo.admin.users(query({ search: '  U5', pageSize: 5 }))
    expect(found.total).toBe(10)
    expect(found.rows.map((row) => row.id)).toEqual(['u50', 'u51', 'u52', 'u53', 'u54'])
    const second = await repo.admin.users(query({ search: 'u5', pageSize: 5, page: 2 }))
    expect(second.rows.map((row) => row.id)).toEqual(['u55', 'u56', 'u57', 'u58', 'u59'])
    expect((await repo.admin.letters(query({ search: 'acme' }))).rows.map((r) => r.id)).toEqual([
      'l3',
    ])
    // Letters and purchases are found by their owner's email too.
    expect((await repo.admin.letters(query({ search: 'U01@' }))).total).toBe(2)
    expect((await repo.admin.subscriptions(query({ search: 'empaaa' }))).total).toBe(1)
    expect((await repo.admin.subscriptions(query({ search: 'Annual 8' }))).total).toBe(1)
    expect((await repo.admin.employees(query({ search: 'bbbb' }))).rows[0]?.id).toBe('e2')
    expect(await repo.admin.users(query({ search: 'nobody' }))).toEqual({ rows: [], total: 0 })
  })

  it("carries the letter owner's and the buyer's email, and the discount in cents and percent", async () => {
    const { repo } = await setup()
    const letters = await repo.admin.letters(query())
    expect(letters.rows[0]).toMatchObject({
      id: 'l1',
      ownerEmail: 'u00@example.com',
      status: 'generating',
    })
    const purchases = await repo.admin.subscriptions(query({ sort: 'priceCents' }))
    expect(purchases.rows).toEqual([
      expect.objectContaining({
        id: 's1',
        buyerEmail: 'u00@example.com',
        priceCents: 23_920,
        discountCents: 5_980,
        discountPercent: 20,
        couponCode: 'EMPAAAAAA',
      }),
      expect.objectContaining({ id: 's2', couponCode: null, discountPercent: 0 }),
    ])
  })

  it('lists messages and errors, searchable', async () => {
    const { repo, db } = await setup()
    await repo.messages.create({
      name: 'Ann',
      email: 'ann@example.com',
      subject: 'Hi',
      message: 'x',
    })
    await repo.diagnostics.recordError({ message: 'Boom', stack: 'at x', route: '/app/letters' })
    expect((await repo.admin.messages(query({ search: 'ANN' }))).total).toBe(1)
    expect((await repo.admin.errors(query({ sort: 'route', search: 'letters' }))).rows).toEqual(
      await db.errors.toArray(),
    )
  })

  it('refuses a sort without an index and a page size over the limit', async () => {
    const { repo } = await setup()
    await expect(repo.admin.users(query({ sort: 'password' }))).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    })
    await expect(repo.admin.letters(query({ pageSize: 5_000 }))).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    })
  })

  it('refuses users, employees and the signed-out, for every method', async () => {
    const { repo, db } = await setup()
    const calls = [
      () => repo.admin.totals(),
      () => repo.admin.users(query()),
      () => repo.admin.employees(query()),
      () => repo.admin.letters(query()),
      () => repo.admin.subscriptions(query()),
      () => repo.admin.messages(query()),
      () => repo.admin.errors(query()),
      () => repo.admin.seedDemo({ users: 1, letters: 1 }),
    ]
    for (const [who, code] of [
      ['u00', 'FORBIDDEN'],
      ['e1', 'FORBIDDEN'],
      [null, 'NOT_SIGNED_IN'],
    ] as const) {
      if (who) await signInAs(db, who)
      else await db.session.clear()
      for (const call of calls) await expect(call()).rejects.toMatchObject({ code })
    }
    expect(await db.users.count()).toBe(63)
  })

  it('refuses a non-admin before judging what they asked for', async () => {
    const { repo, db } = await setup()
    await signInAs(db, 'u00')
    await expect(repo.admin.letters(query({ sort: 'content' }))).rejects.toMatchObject({
      code: 'FORBIDDEN',
    })
    await signInAs(db, 'admin')
    await expect(repo.admin.letters(query({ sort: 'content' }))).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    })
  })

  it('updates live totals when a purchase is stored', async () => {
    const { repo, db } = await setup()
    const seen: number[] = []
    const subscription = repo
      .observe(() => repo.admin.totals())
      .subscribe({
        next: (totals) => seen.push(totals.revenueCents),
      })
    await expect.poll(() => seen).toEqual([83_820])
    await db.subscriptions.add(purchase('s3', 'u02', 29_900))
    await expect.poll(() => seen).toEqual([83_820, 113_720])
    subscription.unsubscribe()
  })
})
