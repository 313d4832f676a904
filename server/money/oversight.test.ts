import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { CHECKOUT_PATHS } from '@/domain/checkout'
import {
  MONEY_PATHS,
  payoutCsvPath,
  payoutResponseSchema,
  type ReferralsAnswer,
  refundPath,
} from '@/domain/money-api'
import { newLetter, SyncDevice } from '../test-support/sync-device'
import {
  get,
  newAccountBody,
  post,
  sessionCookie,
  setupTestServer,
  signedUp,
  TEST_ADMIN_SECRET,
} from '../test-support/test-server'

/** Commissions after the sale: the employee's view, refunds, the refund window, payouts. */

const server = setupTestServer()
const DAY = 86_400_000
const CARD = {
  cardNumber: '4242 4242 4242 4242',
  expiryDate: '12/30',
  cvv: '123',
  cardholderName: 'Ada Customer',
}

async function admin(app: FastifyInstance) {
  const { fullName, email, password } = newAccountBody()
  const response = await post(app, '/api/auth/admin-sign-up', {
    fullName,
    email,
    password,
    adminSecret: TEST_ADMIN_SECRET,
  })
  expect(response.statusCode, response.body).toBe(201)
  return sessionCookie(response)
}

/** An employee, and a customer who bought Annual 4 Letters with their code. */
async function sale(app: FastifyInstance) {
  const employee = await signedUp(app, 'employee')
  const customer = await signedUp(app)
  const [row] = (await server().database.query(`select coupon_code from users where id = $1`, [
    employee.user.id,
  ])) as { coupon_code: string }[]
  const bought = await app.inject({
    method: 'POST',
    url: CHECKOUT_PATHS.checkout,
    payload: { plan: 'annual4', couponCode: row?.coupon_code, card: CARD },
    headers: { cookie: customer.cookie, 'idempotency-key': randomUUID() },
  })
  expect(bought.statusCode, bought.body).toBe(201)
  return { employee, customer, subscriptionId: bought.json().subscription.id as string }
}

const referrals = async (app: FastifyInstance, cookie: string): Promise<ReferralsAnswer> => {
  const answer = await get(app, MONEY_PATHS.referrals, cookie)
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json<ReferralsAnswer>()
}

const balanceOf = async (userId: string) =>
  (
    (await server().database.query(
      `select coalesce(sum(delta), 0)::int as n from credit_ledger where owner_id = $1`,
      [userId],
    )) as { n: number }[]
  )[0]?.n

const statesOf = async (subscriptionId: string) =>
  (
    (await server().database.query(
      `select e.state, e.amount_cents from commission_events e join commissions c on c.id = e.commission_id
       where c.subscription_id = $1 order by e.seq`,
      [subscriptionId],
    )) as { state: string; amount_cents: number }[]
  ).map(({ state, amount_cents }) => `${state} ${amount_cents}`)

describe('commissions after the sale', () => {
  it("shows the employee their sale without the customer's name or e-mail", async () => {
    const { app } = server()
    const { employee, customer } = await sale(app)
    const answer = await referrals(app, employee.cookie)
    expect(answer).toMatchObject({
      totalReferrals: 1,
      totalEarningsCents: 1_196,
      averageCents: 1_196,
      commissions: [
        { plan: 'annual4', saleCents: 23_920, commissionCents: 1_196, state: 'pending' },
      ],
    })
    const body = JSON.stringify(answer)
    expect(body).not.toContain(customer.body.email)
    expect(body).not.toContain(customer.body.fullName)
  })

  it('a refund while pending voids the commission and withdraws the unused letters', async () => {
    const { app } = server()
    const adminCookie = await admin(app)
    const { employee, customer, subscriptionId } = await sale(app)
    // One letter written with the purchase's credits stays the customer's.
    const device = new SyncDevice(app, customer.cookie)
    await device.push(device.mutation('letters.create', { letter: newLetter({ subscriptionId }) }))
    const refunded = await post(app, refundPath(subscriptionId), undefined, adminCookie)
    expect(refunded.statusCode, refunded.body).toBe(201)
    expect(refunded.json()).toMatchObject({
      refund: { amountCents: 23_920, lettersWithdrawn: 3 },
      commission: 'voided',
    })
    // Four letters granted, one taken by the letter, the other three withdrawn.
    expect(await balanceOf(customer.user.id)).toBe(0)
    expect(await statesOf(subscriptionId)).toEqual(['pending 1196', 'voided 0'])
    expect(await referrals(app, employee.cookie)).toMatchObject({
      totalEarningsCents: 0,
      commissions: [{ state: 'voided', earnedCents: 0 }],
    })
    // Asked again, the first refund answers; nothing is written twice.
    const again = await post(app, refundPath(subscriptionId), undefined, adminCookie)
    expect(again.statusCode).toBe(200)
    expect(again.json().refund.id).toBe(refunded.json().refund.id)
    expect(await statesOf(subscriptionId)).toHaveLength(2)
    expect(await balanceOf(customer.user.id)).toBe(0)
  })

  it('after the refund window, approves, pays once in a payout with its CSV, and adjusts a later refund', async () => {
    const { app, clock } = server()
    const { employee, subscriptionId } = await sale(app)
    clock.advance(29 * DAY)
    expect((await referrals(app, employee.cookie)).commissions[0]?.state).toBe('pending')
    clock.advance(2 * DAY)
    expect((await referrals(app, employee.cookie)).commissions[0]?.state).toBe('approved')
    const adminCookie = await admin(app)

    const payout = await post(app, MONEY_PATHS.payouts, undefined, adminCookie)
    expect(payout.statusCode, payout.body).toBe(201)
    const paid = payoutResponseSchema.parse(payout.json())
    const line = paid.lines.find((l) => l.employeeId === employee.user.id)
    expect(line).toMatchObject({
      commissions: 1,
      amountCents: 1_196,
      fullName: employee.body.fullName,
    })
    expect(await statesOf(subscriptionId)).toEqual(['pending 1196', 'approved 1196', 'paid 1196'])
    const csv = await get(app, payoutCsvPath(paid.payoutId), adminCookie)
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toContain('text/csv')
    expect(csv.headers['cache-control']).toBe('no-store')
    expect(csv.body.split('\r\n')[0]).toBe('Employee,Email,Coupon Code,Commissions,Amount')
    expect(csv.body).toContain(`,${employee.body.email},`)
    expect(csv.body).toContain(',$11.96\r\n')
    // Nothing is paid twice.
    const second = await post(app, MONEY_PATHS.payouts, undefined, adminCookie)
    const secondLines = payoutResponseSchema.parse(second.json()).lines
    expect(secondLines.some((l) => l.employeeId === employee.user.id)).toBe(false)

    const refunded = await post(app, refundPath(subscriptionId), undefined, adminCookie)
    expect(refunded.json().commission).toBe('adjusted')
    expect(await statesOf(subscriptionId)).toEqual([
      'pending 1196',
      'approved 1196',
      'paid 1196',
      'adjusted -1196',
    ])
    expect(await referrals(app, employee.cookie)).toMatchObject({ totalEarningsCents: 0 })
  })

  it('keeps refunds and payouts to admins, and referrals to employees', async () => {
    const { app } = server()
    const { employee, customer, subscriptionId } = await sale(app)
    for (const [cookie, status] of [
      ['', 401],
      [customer.cookie, 403],
      [employee.cookie, 403],
    ] as const) {
      expect((await post(app, refundPath(subscriptionId), undefined, cookie)).statusCode).toBe(
        status,
      )
      expect((await post(app, MONEY_PATHS.payouts, undefined, cookie)).statusCode).toBe(status)
      expect((await get(app, payoutCsvPath(randomUUID()), cookie)).statusCode).toBe(status)
    }
    expect((await get(app, MONEY_PATHS.referrals, customer.cookie)).statusCode).toBe(403)
    expect((await get(app, MONEY_PATHS.referrals)).statusCode).toBe(401)
    const adminCookie = await admin(app)
    expect((await post(app, refundPath(randomUUID()), undefined, adminCookie)).statusCode).toBe(404)
    expect((await post(app, refundPath('not-an-id'), undefined, adminCookie)).statusCode).toBe(400)
  })
})
