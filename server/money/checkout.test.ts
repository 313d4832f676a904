import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { CHECKOUT_PATHS, couponPath } from '@/domain/checkout'
import { SyncDevice } from '../test-support/sync-device'
import { recordSecret } from '../test-support/test-log'
import { countRows, get, setupTestServer, signedUp } from '../test-support/test-server'

/** Checkout on the server (DESIGN.md §8): prices, coupons, the card, idempotency, concurrency. */

let drawn = 0
/** Codes as the first release drew them, with look-alikes, so folding is exercised. */
const CODES = ['EMPAM0SKP', 'EMPB1LLY0', 'EMPQ1XZ7L', 'EMPQIXZ7L']
const server = setupTestServer({ drawCouponCode: () => CODES[drawn++] ?? `EMPX${drawn}AAAA` })

const CARD = {
  cardNumber: '4242 4242 4242 4242',
  expiryDate: '12/30',
  cvv: '123',
  cardholderName: 'Ada Customer',
}
recordSecret(CARD.cardNumber)
recordSecret(CARD.cardNumber.replaceAll(' ', ''))

function buy(
  app: FastifyInstance,
  cookie: string,
  body: Record<string, unknown>,
  key: string | null = randomUUID(),
) {
  return app.inject({
    method: 'POST',
    url: CHECKOUT_PATHS.checkout,
    payload: { card: CARD, ...body },
    headers: { cookie, ...(key === null ? {} : { 'idempotency-key': key }) },
  })
}

async function rowsOf(query: string, params: unknown[] = []) {
  return (await server().database.query(query, params)) as Record<string, unknown>[]
}

/** What the money tables hold for one purchase or employee. */
const commissionsOf = (employeeId: string) =>
  rowsOf(
    `select c.sale_cents, c.commission_cents, e.state, e.amount_cents
     from commissions c join commission_events e on e.commission_id = c.id
     where c.employee_id = $1 order by c.created_at`,
    [employeeId],
  )
const referralsOf = async (employeeId: string) =>
  (await rowsOf(`select referrals from employee_totals where employee_id = $1`, [employeeId]))[0]
    ?.referrals ?? 0

describe('POST /api/checkout', () => {
  it("sells Annual 4 Letters with an employee's code for $239.20, granting 4 letters and a pending $11.96", async () => {
    const { app } = server()
    const { user: employee } = await signedUp(app, 'employee')
    const { cookie, user } = await signedUp(app)
    const answer = await buy(app, cookie, { plan: 'annual4', couponCode: ' empam0skp ' })
    expect(answer.statusCode, answer.body).toBe(201)
    const { subscription } = answer.json()
    expect(subscription).toMatchObject({
      plan: 'annual4',
      listCents: 29_900,
      discountPercent: 20,
      discountCents: 5_980,
      priceCents: 23_920,
      letters: 4,
      couponCode: 'EMPAM0SKP',
      cardBrand: 'Visa',
      cardLast4: '4242',
    })
    expect(answer.body).not.toContain('4242 4242')
    expect(answer.body).not.toContain(employee.id)
    expect(await commissionsOf(employee.id)).toEqual([
      { sale_cents: 23_920, commission_cents: 1_196, state: 'pending', amount_cents: 1_196 },
    ])
    expect(await referralsOf(employee.id)).toBe(1)
    expect(
      await rowsOf(`select delta, reason from credit_ledger where owner_id = $1`, [user.id]),
    ).toEqual([{ delta: 4, reason: 'grant' }])
  })

  it('charges the list price without a coupon, and pays no commission', async () => {
    const { app, database } = server()
    const { cookie } = await signedUp(app)
    const before = await countRows(database, 'commissions')
    const answer = await buy(app, cookie, { plan: 'single' })
    expect(answer.statusCode, answer.body).toBe(201)
    expect(answer.json().subscription).toMatchObject({ priceCents: 29_900, discountCents: 0 })
    expect(answer.json().subscription.expiresAt).toBeNull()
    expect(await countRows(database, 'commissions')).toBe(before)
  })

  it('matches a typed code with look-alikes folded when exactly one code matches', async () => {
    const { app } = server()
    await signedUp(app, 'employee') // EMPB1LLY0
    const { cookie } = await signedUp(app)
    // EMPB1LLY0 typed as EMPBILLYO: one code folds to it.
    const folded = await get(app, couponPath('EMPBILLYO'), cookie)
    expect(folded.statusCode, folded.body).toBe(200)
    expect(folded.json()).toEqual({ code: 'EMPB1LLY0', discountPercent: 20 })
    // EMPQ1XZ7L and EMPQIXZ7L both exist: the exact one wins, a third spelling is ambiguous.
    await signedUp(app, 'employee')
    await signedUp(app, 'employee')
    expect((await get(app, couponPath('EMPQIXZ7L'), cookie)).json().code).toBe('EMPQIXZ7L')
    const ambiguous = await get(app, couponPath('EMPQLXZ7L'), cookie)
    expect(ambiguous.statusCode).toBe(404)
    expect(ambiguous.json().error).toEqual({
      code: 'INVALID_COUPON',
      message: 'Invalid coupon code',
    })
    const bought = await buy(app, cookie, { plan: 'annual8', couponCode: 'EMPQLXZ7L' })
    expect(bought.statusCode).toBe(404)
  })

  it('refuses what it cannot sell, in the seed’s words, and writes nothing', async () => {
    const { app, database } = server()
    const { cookie } = await signedUp(app)
    const before = await countRows(database, 'subscriptions')
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ plan: 'platinum' }, 400, 'Invalid plan selected'],
      [{ plan: 'single', couponCode: 'EMPNOPE99' }, 404, 'Invalid coupon code'],
      [{ plan: 'single', couponCode: '   ' }, 400, 'Please enter a coupon code'],
      [{ plan: 'single', card: { ...CARD, cvv: '' } }, 400, 'Please fill in all payment details'],
      [
        { plan: 'single', card: { ...CARD, cardNumber: '4242 4242 4242 4241' } },
        400,
        'Card number is not valid. Check the digits and try again.',
      ],
      [
        { plan: 'single', card: { ...CARD, cardNumber: '4000 0000 0000 0002' } },
        402,
        'Payment failed. Please try again.',
      ],
      [
        { plan: 'single', card: { ...CARD, cardNumber: '4000 0000 0000 9995' } },
        402,
        'Your card has insufficient funds. Please use a different card.',
      ],
    ]
    for (const [body, status, message] of cases) {
      const answer = await buy(app, cookie, body)
      expect(answer.statusCode, answer.body).toBe(status)
      expect(answer.json().error.message).toBe(message)
    }
    expect((await buy(app, cookie, { plan: 'single' }, null)).statusCode).toBe(400)
    expect((await buy(app, cookie, { plan: 'single' }, 'short')).statusCode).toBe(400)
    expect(await countRows(database, 'subscriptions')).toBe(before)
    expect(await rowsOf(`select * from idempotency_keys where subscription_id is null`)).toEqual([])
  })

  it('sells only to customers: an employee or admin is refused, no session is 401', async () => {
    const { app } = server()
    const { cookie } = await signedUp(app, 'employee')
    expect((await buy(app, cookie, { plan: 'single' })).statusCode).toBe(403)
    expect((await buy(app, '', { plan: 'single' })).statusCode).toBe(401)
    expect((await get(app, couponPath('EMPAM0SKP'))).statusCode).toBe(401)
  })

  it('answers a repeated key with the first purchase, and refuses another purchase under it', async () => {
    const { app, database } = server()
    const { cookie } = await signedUp(app)
    const key = randomUUID()
    const first = await buy(app, cookie, { plan: 'annual4' }, key)
    const again = await buy(app, cookie, { plan: 'annual4' }, key)
    expect([first.statusCode, again.statusCode]).toEqual([201, 200])
    expect(again.json().subscription.id).toBe(first.json().subscription.id)
    const other = await buy(app, cookie, { plan: 'annual8' }, key)
    expect(other.statusCode).toBe(409)
    expect(other.json().error.code).toBe('IDEMPOTENCY_CONFLICT')
    // Another customer may use the same key for their own purchase.
    const { cookie: theirs } = await signedUp(app)
    expect((await buy(app, theirs, { plan: 'annual4' }, key)).statusCode).toBe(201)
    const owners = await rowsOf(
      `select count(distinct owner_id)::int as n from subscriptions s
      join idempotency_keys k on k.subscription_id = s.id where k.key = $1`,
      [key],
    )
    expect(owners).toEqual([{ n: 2 }])
    void database
  })

  it('lets a declined card be corrected and paid under the same key', async () => {
    const { app } = server()
    const { cookie } = await signedUp(app)
    const key = randomUUID()
    const declined = { ...CARD, cardNumber: '4000 0000 0000 0002' }
    expect((await buy(app, cookie, { plan: 'single', card: declined }, key)).statusCode).toBe(402)
    expect((await buy(app, cookie, { plan: 'single' }, key)).statusCode).toBe(201)
  })

  it('makes one purchase and one commission of 50 concurrent checkouts under one key', async () => {
    const { app } = server()
    const { user: employee } = await signedUp(app, 'employee')
    const { cookie, user } = await signedUp(app)
    const key = randomUUID()
    const code = (await rowsOf(`select coupon_code from users where id = $1`, [employee.id]))[0]
      ?.coupon_code as string
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        buy(app, cookie, { plan: 'annual4', couponCode: code }, key),
      ),
    )
    const statuses = answers.map((answer) => answer.statusCode)
    expect(statuses.filter((status) => status === 201)).toHaveLength(1)
    expect(statuses.every((status) => [200, 201, 409].includes(status))).toBe(true)
    const subscriptions = await rowsOf(`select id from subscriptions where owner_id = $1`, [
      user.id,
    ])
    expect(subscriptions).toHaveLength(1)
    expect(await commissionsOf(employee.id)).toHaveLength(1)
    expect(await referralsOf(employee.id)).toBe(1)
  })

  it('makes 50 purchases and exactly 50 commissions of 50 concurrent checkouts under 50 keys', async () => {
    const { app } = server()
    const { user: employee } = await signedUp(app, 'employee')
    const code = (await rowsOf(`select coupon_code from users where id = $1`, [employee.id]))[0]
      ?.coupon_code as string
    const customers = await Promise.all(Array.from({ length: 5 }, () => signedUp(app)))
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        buy(app, customers[index % 5]?.cookie ?? '', { plan: 'annual4', couponCode: code }),
      ),
    )
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(201))
    const commissions = await commissionsOf(employee.id)
    expect(commissions).toHaveLength(50)
    expect(commissions.every((row) => row.commission_cents === 1_196)).toBe(true)
    expect(await referralsOf(employee.id)).toBe(50)
  })
})

describe('GET /api/coupons/{code}', () => {
  it('limits lookups from one address, with Retry-After', async () => {
    const { app } = server()
    const { cookie } = await signedUp(app)
    let last = await get(app, couponPath('EMPZZZZZZ'), cookie)
    for (let i = 0; i < 40 && last.statusCode !== 429; i++) {
      last = await get(app, couponPath('EMPZZZZZZ'), cookie)
    }
    expect(last.statusCode).toBe(429)
    expect(last.headers['retry-after']).toBeDefined()
    expect(last.json().error.code).toBe('RATE_LIMITED')
  })
})

describe('money rows through sync', () => {
  it('refuses a pushed mutation that would create or change a purchase, credit or commission', async () => {
    const { app, database } = server()
    const { cookie } = await signedUp(app)
    const device = new SyncDevice(app, cookie)
    const subscription = { id: randomUUID(), plan: 'annual8', priceCents: 0, letters: 8 }
    const tables = ['subscriptions', 'credit_ledger', 'commissions', 'commission_events']
    const before = await Promise.all(tables.map((table) => countRows(database, table)))
    const answer = await device.push(
      device.raw('subscriptions.create', { subscription }),
      device.raw('credits.grant', { letters: 100 }),
      device.raw('commissions.create', { subscriptionId: subscription.id, amountCents: 1_000 }),
      device.raw('commissions.update', { id: randomUUID(), state: 'paid' }),
    )
    expect(answer.refused.map(({ code }) => code)).toEqual(Array(4).fill('INVALID_INPUT'))
    expect(await Promise.all(tables.map((table) => countRows(database, table)))).toEqual(before)
  })
})
