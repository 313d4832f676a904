import { describe, expect, it } from 'vitest'
import { createTestRepository } from '../test-support'

describe('a full disk', () => {
  it('reads as a clear message and leaves no partial rows', async () => {
    const { repo, db } = createTestRepository()
    const employee = await repo.auth.signUp({
      fullName: 'Em',
      email: 'em@example.com',
      password: 'password123',
      role: 'employee',
    })
    await repo.auth.signUp({
      fullName: 'Us',
      email: 'us@example.com',
      password: 'password123',
      role: 'user',
    })
    // The commission is the second write of the purchase: the subscription before it must vanish too.
    db.commissions.hook('creating', () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    })
    await expect(
      repo.subscriptions.create({ plan: 'single', couponCode: employee.couponCode ?? '' }),
    ).rejects.toThrow('This device is out of storage space, so nothing was saved.')
    expect(await db.subscriptions.count()).toBe(0)
    expect(await db.commissions.count()).toBe(0)
    expect((await db.users.get(employee.id))?.referrals).toBe(0)
  })
})
