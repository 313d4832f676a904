import { describe, expect, it } from 'vitest'
import { createTestGateway } from '@/domain/payment/test-gateway'
import { setupTestServer } from '../../server/test-support/test-server'
import { PASSWORD, serverDevice } from '../sync/support/device'

/**
 * The app's checkout in server mode against the real server: the coupon is
 * looked up and the card charged there, the purchase comes back to the
 * device, and offline nothing is sent or written (DESIGN.md §8).
 */

const server = setupTestServer({ drawCouponCode: () => 'EMPAM0SKP' })

const CARD = {
  cardNumber: '4242 4242 4242 4242',
  expiryDate: '12/30',
  cvv: '123',
  cardholderName: 'Ada Customer',
}
/** The device's own gateway, which server mode must not use: it would charge in the browser. */
const deviceGateway = {
  id: 'device',
  charge: () => Promise.reject(new Error('server mode charged on the device')),
}

async function customer(name: string) {
  const device = serverDevice(server().app, name)
  await device.repo.auth.signUp({
    fullName: `${name} Customer`,
    email: `${name.toLowerCase()}-${Date.now()}@example.com`,
    password: PASSWORD,
    role: 'user',
  })
  return device
}

async function salesOf(couponCode: string) {
  return (await server().database.query(
    `select s.price_cents, c.commission_cents from subscriptions s
     left join commissions c on c.subscription_id = s.id where s.coupon_code = $1`,
    [couponCode],
  )) as { price_cents: number; commission_cents: number | null }[]
}

describe('checkout in server mode', () => {
  it("applies an employee's code typed with look-alikes and pays through the server", async () => {
    const employee = serverDevice(server().app, 'Employee')
    await employee.repo.auth.signUp({
      fullName: 'Emma Employee',
      email: `emma-${Date.now()}@example.com`,
      password: PASSWORD,
      role: 'employee',
    })
    const buyer = await customer('Buyer')
    // The employee signed up in another browser: only the server knows the code.
    expect(await buyer.repo.referrals.findEmployeeByCouponCode('EMPAM0SKP')).toBeNull()
    expect(await buyer.repo.payments.findCoupon(' empamoskp ')).toBe('EMPAM0SKP')
    expect(await buyer.repo.payments.findCoupon('EMPNOPE22')).toBeNull()

    const paid = await buyer.repo.payments.pay({
      plan: 'annual4',
      couponCode: 'EMPAM0SKP',
      card: CARD,
      idempotencyKey: crypto.randomUUID(),
      gateway: deviceGateway,
    })
    expect(paid).toMatchObject({ amountCents: 23_920, cardBrand: 'Visa', cardLast4: '4242' })
    expect(paid.subscription).toMatchObject({ priceCents: 23_920, discountCents: 5_980 })
    // This device counts the letters at once.
    expect((await buyer.repo.subscriptions.entitlements()).lettersLeft).toBe(4)
    expect(await salesOf('EMPAM0SKP')).toEqual([{ price_cents: 23_920, commission_cents: 1_196 }])
  })

  it('offline, says a connection is needed and sends and writes nothing', async () => {
    const buyer = await customer('Offline')
    buyer.network.online = false
    const order = {
      plan: 'single',
      card: CARD,
      idempotencyKey: crypto.randomUUID(),
      gateway: createTestGateway({ delayMs: 0 }),
    }
    await expect(buyer.repo.payments.pay(order)).rejects.toMatchObject({
      code: 'CHECKOUT_NEEDS_CONNECTION',
    })
    await expect(buyer.repo.payments.findCoupon('EMPAM0SKP')).rejects.toMatchObject({
      code: 'CHECKOUT_NEEDS_CONNECTION',
    })
    expect(await buyer.db.subscriptions.count()).toBe(0)
    buyer.network.online = true
    await buyer.repo.payments.pay(order)
    expect(await buyer.db.subscriptions.count()).toBe(1)
  })

  it('a declined card writes nothing here or there', async () => {
    const buyer = await customer('Declined')
    const declined = buyer.repo.payments.pay({
      plan: 'single',
      card: { ...CARD, cardNumber: '4000 0000 0000 9995' },
      idempotencyKey: crypto.randomUUID(),
      gateway: deviceGateway,
    })
    await expect(declined).rejects.toMatchObject({
      code: 'CARD_DECLINED_INSUFFICIENT_FUNDS',
      message: 'Your card has insufficient funds. Please use a different card.',
    })
    expect(await buyer.db.subscriptions.count()).toBe(0)
    const [row] = (await server().database.query(
      `select count(*)::int as n from subscriptions s join users u on u.id = s.owner_id
       where u.full_name = 'Declined Customer'`,
    )) as { n: number }[]
    expect(row?.n).toBe(0)
  })
})
