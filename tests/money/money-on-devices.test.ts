import { describe, expect, it } from 'vitest'
import { refundPath } from '@/domain/money-api'
import { signedUpAdmin } from '../../server/test-support/admin'
import { post, setupTestServer } from '../../server/test-support/test-server'
import {
  buyLetters,
  type Device,
  PASSWORD,
  serverDevice,
  signUpWithLetters,
  writeLetter,
} from '../sync/support/device'

/**
 * Purchases, credits and commissions as devices in server mode see them
 * (DESIGN.md §8, decision 025): read-only rows the server writes and syncs,
 * letters written offline that spend credits, and what is owed when two
 * devices spent the same one.
 */

const server = setupTestServer({ drawCouponCode: () => 'EMPKT7WQX' })

const lettersLeft = async (device: Device) =>
  (await device.repo.subscriptions.entitlements()).lettersLeft

/** The same account signed in on another device, which bought nothing itself. */
async function secondDevice(email: string, name: string) {
  const device = serverDevice(server().app, name)
  await device.repo.auth.signIn({ email, password: PASSWORD })
  await device.sync()
  return device
}

describe('purchases on every device of the buyer', () => {
  it('a plan bought on the phone lets the laptop write, and letters on either spend the same credits', async () => {
    const phone = serverDevice(server().app, 'Phone')
    const { email } = await signUpWithLetters(phone)
    const laptop = await secondDevice(email, 'Laptop')
    expect(await lettersLeft(laptop)).toBe(8)
    const [purchase] = await laptop.db.subscriptions.toArray()
    expect(purchase).toMatchObject({ plan: 'annual8', letters: 8, lettersUsed: 0 })
    expect(purchase?.version).toBeGreaterThan(0)

    await writeLetter(phone, 'Written on the phone')
    await phone.sync()
    await laptop.sync()
    expect(await lettersLeft(laptop)).toBe(7)
    await writeLetter(laptop, 'Written on the laptop')
    await laptop.sync()
    await phone.sync()
    expect(await lettersLeft(phone)).toBe(6)
    expect(await lettersLeft(laptop)).toBe(6)
  })

  it('two devices offline that spent the same last letter owe it, are stopped, and the next plan pays it first', async () => {
    const phone = serverDevice(server().app, 'Phone')
    const { email } = await signUpWithLetters(phone)
    // Seven of the eight letters written; one left that both devices see.
    for (let index = 0; index < 7; index++) await writeLetter(phone, `Matter ${index}`)
    await phone.sync()
    const laptop = await secondDevice(email, 'Laptop')
    expect(await lettersLeft(laptop)).toBe(1)

    phone.network.online = false
    laptop.network.online = false
    await writeLetter(phone, 'The last one, on the phone')
    await writeLetter(laptop, 'The last one, on the laptop')
    phone.goOnline()
    laptop.goOnline()
    await phone.sync()
    await laptop.sync()
    await phone.sync()

    for (const device of [phone, laptop]) {
      const entitlements = await device.repo.subscriptions.entitlements()
      expect(entitlements).toMatchObject({ lettersLeft: 0, lettersOwed: 1 })
      // Both letters are kept.
      expect(await device.repo.letters.listMine()).toHaveLength(9)
    }
    await expect(writeLetter(laptop, 'One too many')).rejects.toMatchObject({
      code: 'LETTERS_OWED',
    })

    await buyLetters(phone, 'annual4')
    await phone.sync()
    await laptop.sync()
    for (const device of [phone, laptop]) {
      expect(await device.repo.subscriptions.entitlements()).toMatchObject({
        lettersLeft: 3,
        lettersOwed: 0,
      })
    }
  })
})

describe('money written only by the server', () => {
  it('a device of an account on the server writes no purchase or commission of its own', async () => {
    const phone = serverDevice(server().app, 'Phone')
    await signUpWithLetters(phone)
    const before = await phone.db.subscriptions.toArray()
    await expect(phone.repo.subscriptions.create({ plan: 'annual8' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    })
    await expect(phone.repo.referrals.creditEmployee(before[0]?.id ?? '')).rejects.toMatchObject({
      code: 'FORBIDDEN',
    })
    expect(await phone.db.subscriptions.toArray()).toEqual(before)
    expect(await phone.db.commissions.count()).toBe(0)
  })
})

describe('commissions on the employee’s devices', () => {
  it('the sale reaches the employee’s device with its state and without the customer, and a refund voids it there', async () => {
    const employee = serverDevice(server().app, 'Employee')
    await employee.repo.auth.signUp({
      fullName: 'Emma Employee',
      email: `emma-${Date.now()}@example.com`,
      password: PASSWORD,
      role: 'employee',
    })
    await employee.sync()
    expect(await employee.repo.referrals.myCommissions()).toEqual([])

    const customer = serverDevice(server().app, 'Customer')
    const email = `carol-${Date.now()}@example.com`
    await customer.repo.auth.signUp({
      fullName: 'Carol Customer',
      email,
      password: PASSWORD,
      role: 'user',
    })
    const paid = await buyLetters(customer, 'annual4', 'EMPKT7WQX')
    expect(paid.amountCents).toBe(23_920)

    await employee.sync()
    const [line] = await employee.repo.referrals.myCommissions()
    expect(line).toMatchObject({
      plan: 'annual4',
      saleCents: 23_920,
      amountCents: 1_196,
      state: 'pending',
    })
    const stored = JSON.stringify(await employee.db.commissions.toArray())
    expect(stored).not.toContain(email)
    expect(stored).not.toContain('Carol')
    expect(stored).not.toContain(paid.subscription.id)

    const admin = await signedUpAdmin(server().app)
    const refund = await post(
      server().app,
      refundPath(paid.subscription.id),
      undefined,
      admin.cookie,
    )
    expect(refund.statusCode, refund.body).toBe(201)
    await employee.sync()
    expect(await employee.repo.referrals.myCommissions()).toEqual([
      expect.objectContaining({ state: 'voided' }),
    ])
    await customer.sync()
    expect(await lettersLeft(customer)).toBe(0)
    const [purchase] = await customer.db.subscriptions.toArray()
    expect(purchase?.refundedAt).toEqual(expect.any(String))
  })
})
