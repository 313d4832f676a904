import { describe, expect, it } from 'vitest'
import { DEVELOPMENT_ADMIN_SECRET } from '../../../build/admin-secret'
import { SAMPLE_LETTER, createTestRepository } from '../test-support'

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
    await expect(repo.referrals.findEmployeeByCouponCode(code)).rejects.toThrow(
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

describe('idempotent purchases', () => {
  it('creates one subscription and one commission for concurrent calls with one key', async () => {
    const { repo, db, code } = await withEmployeeAndUser()
    const attempt = { plan: 'single', couponCode: code, idempotencyKey: 'attempt-1' }
    const results = await Promise.all([
      repo.subscriptions.create(attempt),
      repo.subscriptions.create(attempt),
      repo.subscriptions.create(attempt),
    ])
    expect(new Set(results.map((s) => s.id)).size).toBe(1)
    expect(await db.subscriptions.count()).toBe(1)
    expect(await db.commissions.count()).toBe(1)
  })

  it('keeps only the brand and last four digits of the card', async () => {
    const { repo, db } = await withEmployeeAndUser()
    const payment = { chargeId: 'ch_1', cardBrand: 'Visa', cardLast4: '4242' }
    const subscription = await repo.subscriptions.create({ plan: 'single', payment })
    expect(subscription).toMatchObject(payment)
    await expect(
      repo.subscriptions.create({
        plan: 'single',
        payment: { ...payment, cardLast4: '4242424242424242' },
      }),
    ).rejects.toThrow('Only the last four digits of a card may be kept.')
    expect(await db.subscriptions.count()).toBe(1)
  })
})

describe('letter credits', () => {
  it('starts with none, and the repository refuses a letter without one', async () => {
    const { repo, db } = await withEmployeeAndUser()
    expect(await repo.subscriptions.entitlements()).toEqual({
      lettersLeft: 0,
      lettersOwed: 0,
      credits: [],
    })
    await expect(repo.letters.create(SAMPLE_LETTER)).rejects.toThrow(
      'You have no letters left. Choose a plan to continue.',
    )
    expect(await db.letters.count()).toBe(0)
  })

  it('takes one credit per letter, gives it back when generation fails, takes it again on retry', async () => {
    const { repo } = await withEmployeeAndUser()
    await repo.subscriptions.create({ plan: 'annual4' })
    const letter = await repo.letters.create(SAMPLE_LETTER)
    expect((await repo.subscriptions.entitlements()).lettersLeft).toBe(3)
    await repo.letters.fail(letter.id, 'engine down')
    expect((await repo.subscriptions.entitlements()).lettersLeft).toBe(4)
    await repo.letters.restart(letter.id)
    expect((await repo.subscriptions.entitlements()).lettersLeft).toBe(3)
  })

  it('uses the single letter and then refuses the next', async () => {
    const { repo } = await withEmployeeAndUser()
    await repo.subscriptions.create({ plan: 'single' })
    await repo.letters.create(SAMPLE_LETTER)
    await expect(repo.letters.create(SAMPLE_LETTER)).rejects.toThrow('You have no letters left.')
  })

  it('refuses a retry when the credit given back has since been spent', async () => {
    const { repo } = await withEmployeeAndUser()
    await repo.subscriptions.create({ plan: 'single' })
    const failed = await repo.letters.create(SAMPLE_LETTER)
    await repo.letters.fail(failed.id, 'engine down')
    await repo.letters.create(SAMPLE_LETTER)
    await expect(repo.letters.restart(failed.id)).rejects.toThrow('You have no letters left.')
    expect((await repo.letters.get(failed.id)).status).toBe('failed')
  })

  it('spends the soonest-expiring plan first and lets annual letters lapse after 365 days', async () => {
    const { repo, advance } = await withEmployeeAndUser()
    const single = await repo.subscriptions.create({ plan: 'single' })
    const first = await repo.subscriptions.create({ plan: 'annual4' })
    advance(24 * 3_600_000)
    await repo.subscriptions.create({ plan: 'annual8' })
    const letter = await repo.letters.create(SAMPLE_LETTER)
    expect(letter.subscriptionId).toBe(first.id)
    const { credits, lettersLeft } = await repo.subscriptions.entitlements()
    expect(lettersLeft).toBe(1 + 3 + 8)
    expect(credits.map((c) => c.plan)).toEqual(['annual4', 'annual8', 'single'])

    advance(365 * 24 * 3_600_000)
    const later = await repo.subscriptions.entitlements()
    expect(later.credits.map((c) => c.subscriptionId)).toEqual([single.id])
    expect(later.lettersLeft).toBe(1)
  })

  it('writes nothing when the credit cannot be taken', async () => {
    const { repo, db } = await withEmployeeAndUser()
    await repo.subscriptions.create({ plan: 'single' })
    await Promise.allSettled([
      repo.letters.create(SAMPLE_LETTER),
      repo.letters.create(SAMPLE_LETTER),
    ])
    expect(await db.letters.count()).toBe(1)
  })
})

describe('the employee ledger', () => {
  it('lists my commissions newest first with the sale they came from', async () => {
    const { repo, code, advance } = await withEmployeeAndUser()
    await repo.subscriptions.create({ plan: 'single', couponCode: code })
    advance(1000)
    await repo.subscriptions.create({ plan: 'annual8', couponCode: code })
    await expect(repo.referrals.myCommissions()).rejects.toThrow('You do not have access to this.')
    await repo.auth.signIn({ email: 'em@example.com', password: 'password123' })
    const lines = await repo.referrals.myCommissions()
    expect(lines.map((l) => [l.plan, l.saleCents, l.amountCents])).toEqual([
      ['annual8', 47_920, 2_396],
      ['single', 23_920, 1_196],
    ])
  })
})
