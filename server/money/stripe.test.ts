import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { CHECKOUT_PATHS } from '@/domain/checkout'
import { refundPath } from '@/domain/money-api'
import { buildApp } from '../app'
import type { Database } from '../db/database'
import { loggerOptions } from '../http/logger'
import { createSyncSignal, type SyncSignal } from '../sync/signal'
import { signedUpAdmin } from '../test-support/admin'
import { type FakeStripe, startFakeStripe } from '../test-support/fake-stripe'
import { freshDatabase } from '../test-support/test-database'
import { recordSecret, testLogStream } from '../test-support/test-log'
import { countRows, post, signedUp, TestClock, testConfig } from '../test-support/test-server'

/** Checkout through Stripe (decision 026), against a local fake of Stripe's API: no network. */

const CODES = ['EMPAM0SKP', 'EMPB1LLY0', 'EMPC2MMZ3', 'EMPD3NNW4']
let drawn = 0
let fake: FakeStripe
let app: FastifyInstance
let database: Database
let signal: SyncSignal
let drop: () => Promise<void>
const clock = new TestClock()

beforeAll(async () => {
  fake = await startFakeStripe()
  recordSecret(fake.secretKey)
  recordSecret(fake.webhookSecret)
  const fresh = await freshDatabase()
  database = fresh.database
  drop = fresh.drop
  signal = await createSyncSignal(database)
  app = await buildApp({
    config: testConfig({
      payments: {
        gateway: 'stripe',
        secretKey: fake.secretKey,
        webhookSecret: fake.webhookSecret,
        apiBase: fake.url,
      },
    }),
    database,
    logger: loggerOptions('trace', testLogStream()),
    clock: clock.now,
    drawCouponCode: () => CODES[drawn++] ?? `EMPX${drawn}AAAA`,
    syncSignal: signal,
  })
  await app.ready()
})

afterAll(async () => {
  await app.close()
  await drop()
  await fake.close()
})

const CARD = {
  cardNumber: '4242 4242 4242 4242',
  expiryDate: '12/30',
  cvv: '123',
  cardholderName: 'Ada Customer',
}

function buy(cookie: string, body: Record<string, unknown>, key = randomUUID()) {
  return app.inject({
    method: 'POST',
    url: CHECKOUT_PATHS.checkout,
    payload: body,
    headers: { cookie, 'idempotency-key': key },
  })
}

/** Stripe's delivery of an event: the JSON it sent and the signature it made, no cookie, no Origin. */
function deliver(payload: string, signature: string | null) {
  return app.inject({
    method: 'POST',
    url: CHECKOUT_PATHS.stripeWebhook,
    payload,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
  })
}

const now = () => Math.floor(clock.current.getTime() / 1000)
const signed = (event: object) => {
  const payload = JSON.stringify(event)
  return { payload, signature: fake.sign(payload, { timestamp: now() }) }
}

const sessionIdOf = (checkoutUrl: string) => checkoutUrl.split('/').pop() ?? ''

async function rowsOf(query: string, params: unknown[] = []) {
  return (await database.query(query, params)) as Record<string, unknown>[]
}

/** A customer at Stripe's page for Annual 4 Letters with a new employee's code. */
async function atStripesPage() {
  const { user: employee } = await signedUp(app, 'employee')
  const { cookie, user } = await signedUp(app)
  const code = employee.couponCode ?? ''
  const key = randomUUID()
  const answer = await buy(cookie, { plan: 'annual4', couponCode: code.toLowerCase() }, key)
  expect(answer.statusCode, answer.body).toBe(201)
  const { checkoutUrl } = answer.json<{ checkoutUrl: string }>()
  return { employee, user, cookie, key, code, sessionId: sessionIdOf(checkoutUrl) }
}

describe('POST /api/checkout with the Stripe gateway', () => {
  it("opens a Checkout Session for the server's price and writes nothing yet", async () => {
    const before = await countRows(database, 'subscriptions')
    const { user: employee } = await signedUp(app, 'employee') // EMPAM0SKP
    const { cookie, user } = await signedUp(app)
    const key = randomUUID()
    // The app still sends the card it asked for: accepted, and never passed on.
    const answer = await buy(
      cookie,
      { plan: 'annual4', couponCode: ' empam0skp ', card: CARD },
      key,
    )
    expect(answer.statusCode, answer.body).toBe(201)
    const { checkoutUrl } = answer.json<{ checkoutUrl: string }>()
    expect(checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/)

    const [request] = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').slice(-1)
    expect(request?.idempotencyKey).toMatch(new RegExp(`^checkout:${user.id}:${key}:\\d+$`))
    expect(request?.params).toMatchObject({
      mode: 'payment',
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'usd',
            unit_amount: '23920',
            product_data: { name: 'Letterhead Annual 4 Letters' },
          },
        },
      ],
      client_reference_id: user.id,
      metadata: { userId: user.id, plan: 'annual4', couponCode: 'EMPAM0SKP', idempotencyKey: key },
    })
    // Back to the Subscription tab, saying whether the customer paid or cancelled on Stripe's page.
    expect(String(request?.params.success_url)).toMatch(
      /^http:\/\/[^/]+\/app\/\?tab=subscription&checkout=stripe-return$/,
    )
    expect(String(request?.params.cancel_url)).toMatch(
      /^http:\/\/[^/]+\/app\/\?tab=subscription&checkout=stripe-cancel$/,
    )
    expect(request?.body).not.toContain('4242')
    expect(request?.body).not.toContain(employee.id)
    expect(await countRows(database, 'subscriptions')).toBe(before)
    expect(await countRows(database, 'commissions')).toBe(0)
  })

  it('asks Stripe for the list price without a coupon, and needs no card', async () => {
    const { cookie } = await signedUp(app)
    const answer = await buy(cookie, { plan: 'annual8' })
    expect(answer.statusCode, answer.body).toBe(201)
    const session = fake.sessions.get(
      sessionIdOf(answer.json<{ checkoutUrl: string }>().checkoutUrl),
    )
    expect(session).toMatchObject({ amount_total: 59_900, metadata: { plan: 'annual8' } })
    expect(session?.metadata).not.toHaveProperty('couponCode')
  })

  it('answers the same page for the same key, and refuses another purchase under it', async () => {
    const { cookie } = await signedUp(app)
    const key = randomUUID()
    const first = await buy(cookie, { plan: 'single' }, key)
    const again = await buy(cookie, { plan: 'single' }, key)
    expect(first.statusCode, first.body).toBe(201)
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json().checkoutUrl).toBe(first.json().checkoutUrl)
    const other = await buy(cookie, { plan: 'annual8' }, key)
    expect(other.statusCode).toBe(409)
    expect(other.json().error.code).toBe('IDEMPOTENCY_CONFLICT')
  })

  it('refuses what it cannot sell before asking Stripe', async () => {
    const { cookie } = await signedUp(app)
    const asked = fake.requests.length
    expect((await buy(cookie, { plan: 'platinum' })).json().error.message).toBe(
      'Invalid plan selected',
    )
    expect((await buy(cookie, { plan: 'single', couponCode: 'EMPNOPE99' })).statusCode).toBe(404)
    const noKey = await app.inject({
      method: 'POST',
      url: CHECKOUT_PATHS.checkout,
      payload: { plan: 'single' },
      headers: { cookie },
    })
    expect(noKey.statusCode).toBe(400)
    const { cookie: employeeCookie } = await signedUp(app, 'employee')
    expect((await buy(employeeCookie, { plan: 'single' })).statusCode).toBe(403)
    expect(fake.requests.length).toBe(asked)
  })
})

describe('POST /api/stripe/webhook', () => {
  it('writes the paid purchase once: subscription, credits, pending commission, referral', async () => {
    const { employee, user, cookie, key, code, sessionId } = await atStripesPage()
    const pulls: string[] = []
    const stop = [
      signal.subscribe(user.id, () => pulls.push('buyer')),
      signal.subscribe(employee.id, () => pulls.push('employee')),
    ]
    const event = fake.pay(sessionId)
    const paymentIntent = fake.sessions.get(sessionId)?.payment_intent
    const { payload, signature } = signed(event)
    const answer = await deliver(payload, signature)
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json()).toEqual({ received: true })
    // Both devices are told to pull what was written.
    await vi.waitFor(() => expect(pulls.sort()).toEqual(['buyer', 'employee']))
    stop.forEach((unsubscribe) => unsubscribe())

    expect(
      await rowsOf(
        `select plan, price_cents, discount_cents, letters, coupon_code, gateway, charge_id, card_last4
         from subscriptions where owner_id = $1`,
        [user.id],
      ),
    ).toEqual([
      {
        plan: 'annual4',
        price_cents: 23_920,
        discount_cents: 5_980,
        letters: 4,
        coupon_code: code,
        gateway: 'stripe',
        charge_id: paymentIntent,
        card_last4: null,
      },
    ])
    expect(
      await rowsOf(
        `select c.sale_cents, c.commission_cents, e.state
         from commissions c join commission_events e on e.commission_id = c.id
         where c.employee_id = $1`,
        [employee.id],
      ),
    ).toEqual([{ sale_cents: 23_920, commission_cents: 1_196, state: 'pending' }])
    expect(
      await rowsOf(`select referrals from employee_totals where employee_id = $1`, [employee.id]),
    ).toEqual([{ referrals: 1 }])
    expect(
      await rowsOf(`select delta, reason from credit_ledger where owner_id = $1`, [user.id]),
    ).toEqual([{ delta: 4, reason: 'grant' }])

    // The checkout's key now answers the purchase instead of the page.
    const replay = await buy(cookie, { plan: 'annual4', couponCode: code }, key)
    expect(replay.statusCode, replay.body).toBe(200)
    expect(replay.json().subscription).toMatchObject({ plan: 'annual4', priceCents: 23_920 })
  })

  it('writes an event delivered twice, and five times at once, only once', async () => {
    const { user, sessionId } = await atStripesPage()
    const event = fake.pay(sessionId)
    const { payload, signature } = signed(event)
    expect((await deliver(payload, signature)).statusCode).toBe(200)
    expect((await deliver(payload, signature)).statusCode).toBe(200)
    const purchases = await rowsOf(`select id from subscriptions where owner_id = $1`, [user.id])
    expect(purchases).toHaveLength(1)
    expect(
      await rowsOf(`select type, subscription_id from stripe_events where id = $1`, [event.id]),
    ).toEqual([{ type: 'checkout.session.completed', subscription_id: purchases[0]?.id }])

    const second = await atStripesPage()
    const delivery = signed(fake.pay(second.sessionId))
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => deliver(delivery.payload, delivery.signature)),
    )
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200])
    expect(
      await rowsOf(`select count(*)::int as n from subscriptions where owner_id = $1`, [
        second.user.id,
      ]),
    ).toEqual([{ n: 1 }])
    expect(
      await rowsOf(
        `select count(*)::int as n from commissions c
         join subscriptions s on s.id = c.subscription_id where s.owner_id = $1`,
        [second.user.id],
      ),
    ).toEqual([{ n: 1 }])
  })

  it('refuses a bad signature, an old one, a tampered body or none with 400, and writes nothing', async () => {
    const { sessionId } = await atStripesPage()
    const event = fake.pay(sessionId)
    const payload = JSON.stringify(event)
    const before = {
      subscriptions: await countRows(database, 'subscriptions'),
      events: await countRows(database, 'stripe_events'),
    }
    const tampered = payload.replace('"amount_total":23920', '"amount_total":1')
    expect(tampered).not.toBe(payload)
    const refusals: Array<[string, string | null]> = [
      [payload, fake.sign(payload, { timestamp: now(), secret: 'whsec_not_the_secret' })],
      [payload, fake.sign(payload, { timestamp: now() - 10 * 60 })],
      [tampered, fake.sign(payload, { timestamp: now() })],
      [payload, null],
      [payload, 'not a signature'],
      ['{"id":', fake.sign('{"id":', { timestamp: now() - 10 * 60 })],
    ]
    for (const [body, signature] of refusals) {
      const answer = await deliver(body, signature)
      expect(answer.statusCode, answer.body).toBe(400)
      expect(answer.json().error.code).toBe('INVALID_INPUT')
      expect(answer.json().error.message).toMatch(/Stripe-Signature/)
    }
    expect(await countRows(database, 'subscriptions')).toBe(before.subscriptions)
    expect(await countRows(database, 'stripe_events')).toBe(before.events)
  })

  it('acknowledges other events and unpaid sessions and writes nothing for them', async () => {
    const { sessionId } = await atStripesPage()
    const session = fake.sessions.get(sessionId) ?? {}
    const before = await countRows(database, 'subscriptions')
    for (const event of [
      fake.event('payment_intent.succeeded', { id: 'pi_test_other', object: 'payment_intent' }),
      fake.event('checkout.session.completed', { ...session, payment_status: 'unpaid' }),
      fake.event('checkout.session.completed', {
        ...session,
        payment_status: 'paid',
        metadata: {},
      }),
    ]) {
      const { payload, signature } = signed(event)
      const answer = await deliver(payload, signature)
      expect(answer.statusCode, answer.body).toBe(200)
    }
    expect(await countRows(database, 'subscriptions')).toBe(before)
  })
})

describe('refunds with the Stripe gateway', () => {
  it("refunds the purchase's payment intent in full, once", async () => {
    const { user, sessionId } = await atStripesPage()
    const { payload, signature } = signed(fake.pay(sessionId))
    expect((await deliver(payload, signature)).statusCode).toBe(200)
    const [purchase] = await rowsOf(`select id, charge_id from subscriptions where owner_id = $1`, [
      user.id,
    ])
    const admin = await signedUpAdmin(app)
    const refunded = await post(app, refundPath(String(purchase?.id)), undefined, admin.cookie)
    expect(refunded.statusCode, refunded.body).toBe(201)
    const [request] = fake.requests.filter((r) => r.path === '/v1/refunds')
    expect(request).toMatchObject({
      idempotencyKey: `refund:${String(purchase?.id)}`,
      params: { payment_intent: purchase?.charge_id, amount: '23920' },
    })
    expect(refunded.json()).toMatchObject({ refund: { amountCents: 23_920 }, commission: 'voided' })
    expect(
      await rowsOf(`select gateway_refund_id from refunds where subscription_id = $1`, [
        purchase?.id,
      ]),
    ).toEqual([{ gateway_refund_id: expect.stringMatching(/^re_test_/) }])
  })
})

describe('Stripe not answering', () => {
  it('answers 502 saying nothing was charged, writes nothing, and lets the same key try again', async () => {
    const { cookie } = await signedUp(app)
    const before = await countRows(database, 'subscriptions')
    const key = randomUUID()
    fake.outage = true
    try {
      const failed = await buy(cookie, { plan: 'single' }, key)
      expect(failed.statusCode, failed.body).toBe(502)
      expect(failed.json().error).toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE' })
      expect(failed.json().error.message).toContain('nothing was charged')
    } finally {
      fake.outage = false
    }
    expect(await countRows(database, 'subscriptions')).toBe(before)
    clock.advance(5_000)
    const retried = await buy(cookie, { plan: 'single' }, key)
    expect(retried.statusCode, retried.body).toBe(201)
  })

  it('answers a refund it could not make with 502 and records no refund', async () => {
    const { user, sessionId } = await atStripesPage()
    const { payload, signature } = signed(fake.pay(sessionId))
    expect((await deliver(payload, signature)).statusCode).toBe(200)
    const [purchase] = await rowsOf(`select id from subscriptions where owner_id = $1`, [user.id])
    const admin = await signedUpAdmin(app)
    fake.outage = true
    try {
      const refused = await post(app, refundPath(String(purchase?.id)), undefined, admin.cookie)
      expect(refused.statusCode, refused.body).toBe(502)
    } finally {
      fake.outage = false
    }
    expect(
      await rowsOf(`select id from refunds where subscription_id = $1`, [purchase?.id]),
    ).toEqual([])
  })
})

describe('the Stripe API in the OpenAPI document', () => {
  it('describes the webhook and the checkout that answers a page', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/openapi.json' })
    const { paths } = answer.json<{ paths: Record<string, Record<string, unknown>> }>()
    expect(paths[CHECKOUT_PATHS.stripeWebhook]).toHaveProperty('post')
    expect(JSON.stringify(paths[CHECKOUT_PATHS.checkout])).toContain('checkoutUrl')
  })
})

describe('with the test gateway', () => {
  it('still needs the card, and serves no Stripe webhook', async () => {
    const fresh = await freshDatabase()
    const testApp = await buildApp({
      config: testConfig(),
      database: fresh.database,
      logger: loggerOptions('trace', testLogStream()),
    })
    try {
      const { cookie } = await signedUp(testApp)
      const cardless = await testApp.inject({
        method: 'POST',
        url: CHECKOUT_PATHS.checkout,
        payload: { plan: 'single' },
        headers: { cookie, 'idempotency-key': randomUUID() },
      })
      expect(cardless.statusCode).toBe(400)
      expect(cardless.json().error.message).toBe('card is required.')
      const { payload, signature } = signed(fake.event('ping', {}))
      const webhook = await testApp.inject({
        method: 'POST',
        url: CHECKOUT_PATHS.stripeWebhook,
        payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      })
      expect(webhook.statusCode).toBe(404)
    } finally {
      await testApp.close()
      await fresh.drop()
    }
  })
})
