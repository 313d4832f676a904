import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { MONEY_PATHS, refundPath } from '@/domain/money-api'
import type { Change, SyncedCommission, SyncedSubscription } from '@/domain/sync'
import { signedUpAdmin } from '../test-support/admin'
import { EventStream } from '../test-support/event-stream'
import { buy, couponOf, ledgerBalance } from '../test-support/purchases'
import { newLetter, SyncDevice } from '../test-support/sync-device'
import { post, setupTestServer, signedUp } from '../test-support/test-server'

/** Purchases, commissions and credits as devices receive them (decision 025). */

const server = setupTestServer()

const rowsOf = <T>(changes: Change[], table: 'subscriptions' | 'commissions') =>
  changes.flatMap((change) => (change.table === table && 'row' in change ? [change.row as T] : []))

async function saleWithCoupon() {
  const { app, database } = server()
  const employee = await signedUp(app, 'employee')
  const customer = await signedUp(app)
  const subscriptionId = await buy(
    app,
    customer.cookie,
    'annual4',
    await couponOf(database, employee.user.id),
  )
  return { employee, customer, subscriptionId }
}

describe('purchases and commissions in pulls', () => {
  it('send the buyer their purchase and the employee their commission, nothing of the customer', async () => {
    const { app } = server()
    const { employee, customer, subscriptionId } = await saleWithCoupon()
    const buyer = await new SyncDevice(app, customer.cookie).pullAll()
    expect(rowsOf<SyncedSubscription>(buyer.changes, 'subscriptions')).toEqual([
      expect.objectContaining({
        id: subscriptionId,
        userId: customer.user.id,
        plan: 'annual4',
        priceCents: 23_920,
        discountCents: 5_980,
        discountPercent: 20,
        letters: 4,
        lettersWithdrawn: 0,
      }),
    ])
    expect(rowsOf(buyer.changes, 'commissions')).toEqual([])

    const page = await new SyncDevice(app, employee.cookie).pull()
    const [commission] = rowsOf<SyncedCommission>(page.changes, 'commissions')
    expect(commission).toMatchObject({
      employeeId: employee.user.id,
      plan: 'annual4',
      saleCents: 23_920,
      amountCents: 1_196,
      state: 'pending',
    })
    expect(rowsOf(page.changes, 'subscriptions')).toEqual([])
    const body = JSON.stringify(page)
    expect(body).not.toContain(customer.user.email)
    expect(body).not.toContain(customer.user.fullName)
    expect(body).not.toContain(customer.user.id)
  })

  it('leave them out for a device whose schema predates them', async () => {
    const { app } = server()
    const { employee, customer } = await saleWithCoupon()
    for (const cookie of [customer.cookie, employee.cookie]) {
      const old = await new SyncDevice(app, cookie).pull(0, 1000, 1)
      expect(old.changes).toEqual([])
    }
  })

  it('tell the employee’s open event stream to pull when a sale is made with their code', async () => {
    const { app, database } = server()
    const origin = await app.listen({ port: 0, host: '127.0.0.1' })
    const employee = await signedUp(app, 'employee')
    const customer = await signedUp(app)
    const stream = await EventStream.open(`${origin}/api/sync/events`, employee.cookie)
    try {
      expect(await stream.next()).toBe('pull')
      await buy(app, customer.cookie, 'single', await couponOf(database, employee.user.id))
      expect(await stream.next()).toBe('pull')
    } finally {
      stream.close()
    }
  })

  it('send a refunded purchase and its voided commission again, and a paid one after a payout', async () => {
    const { app } = server()
    const admin = await signedUpAdmin(app)
    const refunded = await saleWithCoupon()
    const paid = await saleWithCoupon()
    const buyer = new SyncDevice(app, refunded.customer.cookie)
    const employee = new SyncDevice(app, refunded.employee.cookie)
    const before = { buyer: await buyer.pullAll(), employee: await employee.pullAll() }

    const refund = await post(app, refundPath(refunded.subscriptionId), undefined, admin.cookie)
    expect(refund.statusCode, refund.body).toBe(201)
    const buyerAfter = await buyer.pullAll(before.buyer.cursor)
    expect(rowsOf<SyncedSubscription>(buyerAfter.changes, 'subscriptions')).toEqual([
      expect.objectContaining({ id: refunded.subscriptionId, lettersWithdrawn: 4 }),
    ])
    expect(rowsOf<SyncedSubscription>(buyerAfter.changes, 'subscriptions')[0]?.refundedAt).toEqual(
      expect.any(String),
    )
    const employeeAfter = await employee.pullAll(before.employee.cursor)
    expect(rowsOf<SyncedCommission>(employeeAfter.changes, 'commissions')).toEqual([
      expect.objectContaining({ state: 'voided' }),
    ])

    // The other sale's commission is paid once its refund window has passed.
    await server().database.query(
      `update commissions set created_at = created_at - interval '31 days' where employee_id = $1`,
      [paid.employee.user.id],
    )
    const otherEmployee = new SyncDevice(app, paid.employee.cookie)
    const seen = await otherEmployee.pullAll()
    const payout = await post(app, MONEY_PATHS.payouts, undefined, admin.cookie)
    expect(payout.statusCode, payout.body).toBe(201)
    const afterPayout = await otherEmployee.pullAll(seen.cursor)
    expect(rowsOf<SyncedCommission>(afterPayout.changes, 'commissions')).toEqual([
      expect.objectContaining({ state: 'paid', amountCents: 1_196 }),
    ])
  })
})

describe('credits on the ledger', () => {
  it('a letter takes a credit from the purchase it names, a failed one gives it back, a retry takes it again', async () => {
    const { app, database } = server()
    const customer = await signedUp(app)
    const purchase = await buy(app, customer.cookie, 'annual4')
    const device = new SyncDevice(app, customer.cookie)
    const first = newLetter({ subscriptionId: purchase })
    await device.push(
      device.mutation('letters.create', { letter: first }),
      device.mutation('letters.create', { letter: newLetter({ subscriptionId: purchase }) }),
    )
    expect(await ledgerBalance(database, purchase)).toBe(2)
    await device.push(device.mutation('letters.fail', { id: first.id, reason: 'timed out' }))
    expect(await ledgerBalance(database, purchase)).toBe(3)
    await device.push(
      device.mutation('letters.restart', { id: first.id, subscriptionId: purchase }),
    )
    expect(await ledgerBalance(database, purchase)).toBe(2)
  })

  it('a letter naming a purchase that is not the user’s takes nothing from it', async () => {
    const { app, database } = server()
    const someone = await signedUp(app)
    const theirs = await buy(app, someone.cookie, 'single')
    const me = await signedUp(app)
    const device = new SyncDevice(app, me.cookie)
    const answer = await device.push(
      device.mutation('letters.create', { letter: newLetter({ subscriptionId: theirs }) }),
      device.mutation('letters.create', { letter: newLetter({ subscriptionId: randomUUID() }) }),
    )
    expect(answer.refused).toEqual([])
    expect(await ledgerBalance(database, theirs)).toBe(1)
  })

  it('two devices that spent the same last credit owe a letter, and the next purchase pays it first', async () => {
    const { app, database } = server()
    const customer = await signedUp(app)
    const single = await buy(app, customer.cookie, 'single')
    const phone = new SyncDevice(app, customer.cookie)
    const laptop = new SyncDevice(app, customer.cookie)
    // Both were offline with one letter left, and both wrote one with it.
    await phone.push(
      phone.mutation('letters.create', { letter: newLetter({ subscriptionId: single }) }),
    )
    const laptopAnswer = await laptop.push(
      laptop.mutation('letters.create', { letter: newLetter({ subscriptionId: single }) }),
    )
    expect(laptopAnswer.refused).toEqual([])
    expect(await ledgerBalance(database, single)).toBe(-1)
    const seen = await phone.pullAll()

    const next = await buy(app, customer.cookie, 'annual4')
    expect(await ledgerBalance(database, single)).toBe(0)
    expect(await ledgerBalance(database, next)).toBe(3)
    const after = await phone.pullAll(seen.cursor)
    const purchases = rowsOf<SyncedSubscription>(after.changes, 'subscriptions')
    expect(purchases).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: single, lettersWithdrawn: -1 }),
        expect.objectContaining({ id: next, lettersWithdrawn: 1 }),
      ]),
    )
    expect(purchases).toHaveLength(2)
  })
})
