import { describe, expect, it } from 'vitest'
import { DEVELOPMENT_ADMIN_SECRET } from '../../../build/admin-secret'
import { createTestRepository } from '../test-support'

async function withEmployeeAndUser() {
  const context = createTestRepository()
  const { repo } = context
  const employee = await repo.auth.signUp({
    fullName: 'Em',
    email: 'em@example.com',
    password: 'password123',
    role: 'employee',
  })
  const user = await repo.auth.signUp({
    fullName: 'Us',
    email: 'us@example.com',
    password: 'password123',
    role: 'user',
  })
  return { ...context, employee, user, code: employee.couponCode ?? '' }
}

describe('subscriptions and the commission ledger', () => {
  it('buys a plan at list price without a coupon', async () => {
    const { repo, db } = await withEmployeeAndUser()
    const subscription = await repo.subscriptions.create({ plan: 'annual8' })
    expect(subscription).toMatchObject({
      plan: 'annual8',
      priceCents: 59_900,
      discountCents: 0,
      letters: 8,
    })
    expect(subscription.expiresAt).toBe('2027-11-22T12:00:00.000Z')
    expect(await db.commissions.count()).toBe(0)
  })

  it('applies a padded lower-case coupon: 20% off and 5% commission in one transaction', async () => {
    const { repo, db, employee, code } = await withEmployeeAndUser()
    const subscription = await repo.subscriptions.create({
      plan: 'single',
      couponCode: `  ${code.toLowerCase()} `,
    })
    expect(subscription).toMatchObject({
      priceCents: 23_920,
      discountCents: 5_980,
      discountPercent: 20,
      couponCode: code,
      employeeId: employee.id,
      expiresAt: null,
    })
    const ledger = await db.commissions.toArray()
    expect(ledger).toEqual([
      expect.objectContaining({ subscriptionId: subscription.id, amountCents: 1_196 }),
    ])
    expect(await db.users.get(employee.id)).toMatchObject({ referrals: 1, earningsCents: 1_196 })
  })

  it('credits an employee once per subscription', async () => {
    const { repo, db, employee, code } = await withEmployeeAndUser()
    const subscription = await repo.subscriptions.create({ plan: 'annual8', couponCode: code })
    const again = await Promise.all([
      repo.referrals.creditEmployee(subscription.id),
      repo.referrals.creditEmployee(subscription.id),
    ])
    expect(again[0]?.amountCents).toBe(2_396)
    expect(again[1]?.id).toBe(again[0]?.id)
    expect(await db.commissions.count()).toBe(1)
    expect(await db.users.get(employee.id)).toMatchObject({ referrals: 1, earningsCents: 2_396 })
  })

  it.each([
    [{ plan: 'gold' }, 'Invalid plan selected'],
    [{ plan: 'single', couponCode: '   ' }, 'Please enter a coupon code'],
    [{ plan: 'single', couponCode: 'EMP000000' }, 'Invalid coupon code'],
  ])('refuses %o and writes nothing', async (input, message) => {
    const { repo, db } = await withEmployeeAndUser()
    await expect(repo.subscriptions.create(input)).rejects.toThrow(message)
    expect(await db.subscriptions.count()).toBe(0)
    expect(await db.commissions.count()).toBe(0)
  })

  it('lets only users buy plans', async () => {
    const { repo, db, code } = await withEmployeeAndUser()
    await repo.auth.signIn({ email: 'em@example.com', password: 'password123' })
    await expect(repo.subscriptions.create({ plan: 'single', couponCode: code })).rejects.toThrow(
      'You do not have access to this.',
    )
    expect(await db.subscriptions.count()).toBe(0)
  })

  it('finds an employee by a normalised code', async () => {
    const { repo, employee, code } = await withEmployeeAndUser()
    expect(await repo.referrals.findEmployeeByCouponCode(` ${code.toLowerCase()}`)).toEqual({
      employeeId: employee.id,
      couponCode: code,
    })
    expect(await repo.referrals.findEmployeeByCouponCode('EMPNOPE00')).toBeNull()
    await expect(repo.referrals.findEmployeeByCouponCode('')).rejects.toThrow(
      'Please enter a coupon code',
    )
  })

  it('lists all subscriptions for admins only', async () => {
    const { repo } = await withEmployeeAndUser()
    await repo.subscriptions.create({ plan: 'single' })
    await expect(repo.subscriptions.listAll()).rejects.toThrow('You do not have access to this.')
    await repo.auth.signUpAdmin({
      fullName: 'Admin',
      email: 'admin@example.com',
      password: 'password123',
      adminSecret: DEVELOPMENT_ADMIN_SECRET,
    })
    expect(await repo.subscriptions.listAll()).toHaveLength(1)
  })
})
