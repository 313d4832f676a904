import { describe, expect, it, vi } from 'vitest'
import { expectTalliesMatchRows } from '../../tests/support/stored-tallies'
import { SESSION_KEY } from './dexie/context'
import { seedDemoData, seededRandom } from './demo-seed'
import { createTestRepository } from './test-support'

describe('demo seed', () => {
  it('adds accounts, completed letters, purchases and a ledger that agrees with the employees', async () => {
    const { db } = createTestRepository()
    const progress: number[] = []
    const result = await seedDemoData(db, {
      users: 300,
      letters: 2_500,
      random: seededRandom(7),
      now: new Date('2026-11-22T12:00:00Z'),
      onProgress: ({ done, total }) => progress.push(done / total),
    })
    expect(result).toMatchObject({ users: 300, employees: 6, letters: 2_500 })
    expect(await db.users.where('role').equals('user').count()).toBe(300)
    expect(await db.letters.where('status').equals('completed').count()).toBe(2_500)
    expect(await db.subscriptions.count()).toBe(result.subscriptions)
    expect(await db.credentials.count()).toBe(0)
    expect(progress.at(0)).toBe(0)
    expect(progress.at(-1)).toBe(1)
    expect(progress).toEqual([...progress].sort((a, b) => a - b))

    const letter = await db.letters.orderBy('createdAt').last()
    expect(letter?.content).toContain(`Dear ${letter?.recipientName}:`)
    expect((letter?.createdAt ?? '') <= '2026-11-22T12:00:00.000Z').toBe(true)

    for (const employee of await db.users.where('role').equals('employee').toArray()) {
      const ledger = await db.commissions.where('employeeId').equals(employee.id).toArray()
      expect(employee.referrals).toBe(ledger.length)
      expect(employee.earningsCents).toBe(ledger.reduce((sum, row) => sum + row.amountCents, 0))
      expect(employee.couponCode).toMatch(/^EMP[A-Z0-9]{6}$/)
    }
    for (const subscription of await db.subscriptions.toArray()) {
      expect(subscription.priceCents + subscription.discountCents).toBeGreaterThan(0)
      expect(subscription.discountPercent).toBe(subscription.couponCode ? 20 : 0)
    }
    await expectTalliesMatchRows(db)
  })

  it("writes each chunk of letters with its owners' counts, or neither", async () => {
    const { db } = createTestRepository()
    vi.spyOn(db.users, 'bulkPut').mockRejectedValueOnce(new Error('disk full'))
    await expect(
      seedDemoData(db, { users: 3, letters: 4_500, random: seededRandom(3) }),
    ).rejects.toThrow('disk full')
    expect(await db.letters.count()).toBe(0)
    await expectTalliesMatchRows(db)
  })

  it('can run again on the same database without clashing', async () => {
    const { db } = createTestRepository()
    await seedDemoData(db, { users: 50, letters: 10, random: seededRandom(1) })
    await seedDemoData(db, { users: 50, letters: 10, random: seededRandom(2) })
    expect(await db.users.count()).toBe(102)
  })

  it('is offered to admins only, through the repository', async () => {
    const { repo, db } = createTestRepository()
    await expect(repo.admin.seedDemo({ users: 5, letters: 5 })).rejects.toMatchObject({
      code: 'NOT_SIGNED_IN',
    })
    const now = new Date().toISOString()
    await db.users.add({
      id: 'a',
      email: 'a@example.com',
      fullName: 'A',
      role: 'admin',
      createdAt: now,
      updatedAt: now,
    })
    await db.session.put({ id: SESSION_KEY, userId: 'a', signedInAt: now })
    expect(await repo.admin.seedDemo({ users: 5, letters: 5 })).toMatchObject({ users: 5 })
    expect(await repo.admin.totals()).toMatchObject({ users: 5, employees: 1, letters: 5 })
  })
})
