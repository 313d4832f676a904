import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { CHECKOUT_PATHS } from '@/domain/checkout'
import { MONEY_PATHS, payoutListResponseSchema, payoutResponseSchema } from '@/domain/money-api'
import {
  get,
  newAccountBody,
  post,
  sessionCookie,
  setupTestServer,
  signedUp,
  TEST_ADMIN_SECRET,
} from '../test-support/test-server'

/** The admin finds earlier payouts again, the most recent first, to download their CSV. */

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

/** A new customer buys Annual 4 Letters ($239.20 with the code: $11.96 commission). */
async function saleWithCode(app: FastifyInstance, employeeId: string) {
  const customer = await signedUp(app)
  const [row] = (await server().database.query(`select coupon_code from users where id = $1`, [
    employeeId,
  ])) as { coupon_code: string }[]
  const bought = await app.inject({
    method: 'POST',
    url: CHECKOUT_PATHS.checkout,
    payload: { plan: 'annual4', couponCode: row?.coupon_code, card: CARD },
    headers: { cookie: customer.cookie, 'idempotency-key': randomUUID() },
  })
  expect(bought.statusCode, bought.body).toBe(201)
}

async function payout(app: FastifyInstance, cookie: string) {
  const answer = await post(app, MONEY_PATHS.payouts, undefined, cookie)
  expect(answer.statusCode, answer.body).toBe(201)
  return payoutResponseSchema.parse(answer.json())
}

async function listed(app: FastifyInstance, cookie: string, query = '') {
  const answer = await get(app, `${MONEY_PATHS.payouts}${query}`, cookie)
  expect(answer.statusCode, answer.body).toBe(200)
  expect(answer.headers['cache-control']).toBe('no-store')
  return payoutListResponseSchema.parse(answer.json()).payouts
}

describe('earlier payouts', () => {
  it('lists each payout once, the most recent first, with whom and how much it paid', async () => {
    const { app, clock } = server()
    expect(await listed(app, await admin(app))).toEqual([])

    const ada = await signedUp(app, 'employee')
    const bo = await signedUp(app, 'employee')
    await saleWithCode(app, ada.user.id)
    clock.advance(31 * DAY)
    // Sessions do not last a month: an admin signs up after each wait.
    const first = await payout(app, await admin(app))
    const firstAt = clock.now().toISOString()

    clock.advance(DAY)
    await saleWithCode(app, ada.user.id)
    await saleWithCode(app, ada.user.id)
    await saleWithCode(app, bo.user.id)
    clock.advance(31 * DAY)
    const adminCookie = await admin(app)
    const second = await payout(app, adminCookie)
    const secondAt = clock.now().toISOString()
    // A payout that found nothing to pay paid no one: it is not listed.
    clock.advance(DAY)
    expect((await payout(app, adminCookie)).lines).toEqual([])

    expect(await listed(app, adminCookie)).toEqual([
      {
        payoutId: second.payoutId,
        createdAt: secondAt,
        employees: 2,
        commissions: 3,
        totalCents: 3 * 1_196,
      },
      {
        payoutId: first.payoutId,
        createdAt: firstAt,
        employees: 1,
        commissions: 1,
        totalCents: 1_196,
      },
    ])
    expect(second.totalCents).toBe(3 * 1_196)
    expect(await listed(app, adminCookie, '?limit=1')).toMatchObject([
      { payoutId: second.payoutId },
    ])
  })

  it('refuses a limit outside 1 to 100', async () => {
    const { app } = server()
    const adminCookie = await admin(app)
    for (const limit of ['0', '101', 'many']) {
      const answer = await get(app, `${MONEY_PATHS.payouts}?limit=${limit}`, adminCookie)
      expect(answer.statusCode, answer.body).toBe(400)
      expect(answer.json().error.code).toBeTypeOf('string')
    }
  })

  it('keeps them to admins', async () => {
    const { app } = server()
    const customer = await signedUp(app)
    const employee = await signedUp(app, 'employee')
    expect((await get(app, MONEY_PATHS.payouts, customer.cookie)).statusCode).toBe(403)
    expect((await get(app, MONEY_PATHS.payouts, employee.cookie)).statusCode).toBe(403)
    expect((await get(app, MONEY_PATHS.payouts)).statusCode).toBe(401)
  })
})
