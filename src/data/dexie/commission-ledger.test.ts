import { describe, expect, it } from 'vitest'
import { createTestRepository } from '../test-support'

/** Employees holding `codes` (as the old alphabet drew them), then a customer signed in. */
async function withCodes(...codes: string[]) {
  const draws = [...codes]
  const context = createTestRepository(undefined, {
    drawCouponCode: () => draws.shift() ?? 'EMPZZZZZZ',
  })
  const employees = []
  for (let index = 0; index < codes.length; index++) {
    employees.push(
      await context.repo.auth.signUp({
        fullName: `Employee ${index}`,
        email: `e${index}@example.com`,
        password: 'password123',
        role: 'employee',
      }),
    )
  }
  const customer = await context.repo.auth.signUp({
    fullName: 'Customer',
    email: 'customer@example.com',
    password: 'password123',
    role: 'user',
  })
  return { ...context, employees, customer }
}

describe('finding the employee a typed coupon code names', () => {
  it('reads O as 0 and I or L as 1 when no code matches exactly', async () => {
    const { repo, employees } = await withCodes('EMPAM0SKP', 'EMPB1RDS9')
    expect(await repo.referrals.findEmployeeByCouponCode(' empamoskp ')).toEqual({
      employeeId: employees[0]?.id,
      couponCode: 'EMPAM0SKP',
    })
    for (const typed of ['EMPBIRDS9', 'EMPBLRDS9', 'empb1rds9'])
      expect(await repo.referrals.findEmployeeByCouponCode(typed)).toEqual({
        employeeId: employees[1]?.id,
        couponCode: 'EMPB1RDS9',
      })
  })

  it('works the other way too: a code holding O is found from a 0', async () => {
    const { repo, employees } = await withCodes('EMPAMOSKP')
    expect(await repo.referrals.findEmployeeByCouponCode('EMPAM0SKP')).toEqual({
      employeeId: employees[0]?.id,
      couponCode: 'EMPAMOSKP',
    })
  })

  it('prefers the exact code when another folds to the same key', async () => {
    const { repo, employees } = await withCodes('EMPAM0SKP', 'EMPAMOSKP')
    expect((await repo.referrals.findEmployeeByCouponCode('empam0skp'))?.employeeId).toBe(
      employees[0]?.id,
    )
    expect((await repo.referrals.findEmployeeByCouponCode('EMPAMOSKP'))?.employeeId).toBe(
      employees[1]?.id,
    )
  })

  it('refuses a folded match that names two employees, since it cannot say which', async () => {
    const { repo } = await withCodes('EMPB1RDS9', 'EMPBLRDS9')
    expect(await repo.referrals.findEmployeeByCouponCode('EMPBIRDS9')).toBeNull()
    await expect(
      repo.subscriptions.create({ plan: 'single', couponCode: 'EMPBIRDS9' }),
    ).rejects.toThrow('Invalid coupon code')
  })

  it('sells with the code as the employee holds it and pays them the commission', async () => {
    const { repo, db, employees } = await withCodes('EMPAM0SKP')
    const subscription = await repo.subscriptions.create({
      plan: 'single',
      couponCode: 'EMPAMOSKP',
    })
    expect(subscription).toMatchObject({
      priceCents: 23_920,
      couponCode: 'EMPAM0SKP',
      employeeId: employees[0]?.id,
    })
    expect(
      await db.commissions
        .where('employeeId')
        .equals(employees[0]?.id ?? '')
        .count(),
    ).toBe(1)
  })

  it('looks only at employees, and refuses codes that match none', async () => {
    const { repo, db, customer } = await withCodes('EMPAM0SKP')
    await db.users.update(customer.id, { couponCode: 'EMPZZ0ZZZ' })
    expect(await repo.referrals.findEmployeeByCouponCode('EMPZZOZZZ')).toBeNull()
    expect(await repo.referrals.findEmployeeByCouponCode('EMPAM0SKQ')).toBeNull()
    expect(await repo.referrals.findEmployeeByCouponCode('EMPXYZ234')).toBeNull()
  })
})
