import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHECKOUT_PATHS } from '@/domain/checkout'
import type { Config } from '../config'
import { setupFakeStripe } from '../test-support/fake-stripe'
import { couponOf, GOOD_CARD } from '../test-support/purchases'
import { startSmtpInbox, type SmtpInbox } from '../test-support/smtp-inbox'
import { setupTestServer, signedUp, type TestServer } from '../test-support/test-server'
import type { Mailer } from './mail'
import { MAX_ATTEMPTS, sendDuePurchaseMail } from './purchase-mail'

/** The receipt and the commission notice each purchase sends (decision 034), through a real SMTP server. */

const SMTP_PORT = 4411
/** Nothing listens here while a test says the SMTP server is down. */
const DOWN_PORT = 4419

function checkout(app: FastifyInstance, cookie: string, body: object, key = randomUUID()) {
  return app.inject({
    method: 'POST',
    url: CHECKOUT_PATHS.checkout,
    payload: { card: GOOD_CARD, ...body },
    headers: { cookie, 'idempotency-key': key },
  })
}

async function mailRows({ database }: TestServer, subscriptionId: string) {
  return (await database.query(
    `select kind, attempts, sent_at, last_error from purchase_mail
     where subscription_id = $1 order by kind`,
    [subscriptionId],
  )) as Array<{ kind: string; attempts: number; sent_at: Date | null; last_error: string | null }>
}

describe('with the SMTP server up', () => {
  const server = setupTestServer({
    config: { mail: { smtpUrl: `smtp://127.0.0.1:${SMTP_PORT}`, from: 'letters@example.com' } },
  })
  let inbox: SmtpInbox
  beforeAll(async () => {
    inbox = await startSmtpInbox(SMTP_PORT)
  })
  afterAll(() => inbox.close())

  it('sends the buyer a receipt and the employee a commission notice, once, even when the checkout is retried', async () => {
    const { app, background, database } = server()
    const employee = await signedUp(app, 'employee')
    const code = await couponOf(database, employee.user.id)
    const buyer = await signedUp(app)
    const before = inbox.mails.length

    const key = randomUUID()
    const first = await checkout(app, buyer.cookie, { plan: 'annual4', couponCode: code }, key)
    expect(first.statusCode).toBe(201)
    const again = await checkout(app, buyer.cookie, { plan: 'annual4', couponCode: code }, key)
    expect(again.statusCode).toBe(200)
    await background.idle()
    const mails = (await inbox.waitFor(before + 2)).slice(before)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(inbox.mails.length).toBe(before + 2)

    const receipt = mails.find((mail) => mail.to.includes(buyer.body.email))
    expect(receipt?.subject).toBe('Your Letterhead receipt: Annual 4 Letters, $239.20')
    expect(receipt?.text).toContain(`Hello ${buyer.body.fullName},`)
    expect(receipt?.text).toContain(
      'Plan: Annual 4 Letters (4 letters, to use by November 25, 2027)',
    )
    expect(receipt?.text).toContain('Price: $299.00')
    expect(receipt?.text).toContain(`Coupon ${code}: -$59.80 (20%)`)
    expect(receipt?.text).toContain('Paid: $239.20')
    expect(receipt?.text).toContain('Date: November 25, 2026, 09:00 UTC')
    expect(receipt?.text).toContain('Card: Visa ending 4242')
    const { subscription } = first.json<{ subscription: { id: string } }>()
    expect(receipt?.text).toContain(`Receipt number: ${subscription.id}`)
    expect(receipt?.text).not.toContain('4242 4242')
    expect(receipt?.html).toContain('Paid: $239.20')

    const notice = mails.find((mail) => mail.to.includes(employee.body.email))
    expect(notice?.subject).toBe('You earned a $11.96 Letterhead commission')
    expect(notice?.text).toContain(`the Annual 4 Letters plan with your coupon code ${code}`)
    expect(notice?.text).toContain('Sale: $239.20')
    expect(notice?.text).toContain('Your commission (5%): $11.96')
    expect(notice?.text).toContain('30-day refund window')
    // An employee sees the sale, never who made it.
    expect(notice?.text).not.toContain(buyer.body.email)
    expect(notice?.text).not.toContain(buyer.body.fullName)

    const rows = await mailRows(server(), subscription.id)
    expect(rows.map((row) => [row.kind, row.attempts, row.sent_at !== null])).toEqual([
      ['commission', 1, true],
      ['receipt', 1, true],
    ])
  })

  it('sends only a receipt for a purchase without a coupon, and nothing for a refused card', async () => {
    const { app, background } = server()
    const buyer = await signedUp(app)
    const before = inbox.mails.length
    const declined = await checkout(app, buyer.cookie, {
      plan: 'single',
      card: { ...GOOD_CARD, cardNumber: '4000 0000 0000 0002' },
    })
    expect(declined.statusCode).toBe(402)
    const bought = await checkout(app, buyer.cookie, { plan: 'single' })
    expect(bought.statusCode).toBe(201)
    await background.idle()
    const [receipt] = (await inbox.waitFor(before + 1)).slice(before)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(inbox.mails.length).toBe(before + 1)
    expect(receipt?.subject).toBe('Your Letterhead receipt: Single Letter, $299.00')
    expect(receipt?.text).toContain('Plan: Single Letter (1 letter)')
    expect(receipt?.text).not.toContain('Coupon')
  })
})

describe('with the SMTP server down', () => {
  const server = setupTestServer({
    config: { mail: { smtpUrl: `smtp://127.0.0.1:${DOWN_PORT}`, from: 'letters@example.com' } },
  })

  it('still sells the plan, keeps the mail for later, and sends it once the server is back', async () => {
    const { app, background, clock, database } = server()
    const buyer = await signedUp(app)
    const bought = await checkout(app, buyer.cookie, { plan: 'annual8' })
    expect(bought.statusCode).toBe(201)
    const subscriptionId: string = bought.json().subscription.id
    await background.idle()
    const [held] = await mailRows(server(), subscriptionId)
    expect(held).toMatchObject({ kind: 'receipt', attempts: 1, sent_at: null })
    expect(held?.last_error).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/)
    const [credits] = (await database.query(
      'select coalesce(sum(delta), 0)::int as n from credit_ledger where subscription_id = $1',
      [subscriptionId],
    )) as { n: number }[]
    expect(credits?.n).toBe(8)

    // Back up on the same address; the next purchase sends what is due, the held receipt too
    // once its minute has passed.
    const inbox = await startSmtpInbox(DOWN_PORT)
    try {
      clock.advance(61_000)
      expect((await checkout(app, buyer.cookie, { plan: 'single' })).statusCode).toBe(201)
      await background.idle()
      const mails = await inbox.waitFor(2)
      expect(mails.map((mail) => mail.subject).sort()).toEqual([
        'Your Letterhead receipt: Annual 8 Letters, $599.00',
        'Your Letterhead receipt: Single Letter, $299.00',
      ])
      const [sent] = await mailRows(server(), subscriptionId)
      expect(sent).toMatchObject({ attempts: 2, last_error: null })
      expect(sent?.sent_at).not.toBeNull()
    } finally {
      await inbox.close()
    }
  })

  it('sends each mail once when several instances send what is due at the same moment', async () => {
    const { app, background, clock, database } = server()
    const buyer = await signedUp(app)
    const bought: string[] = []
    for (let purchase = 0; purchase < 6; purchase++) {
      const response = await checkout(app, buyer.cookie, { plan: 'single' })
      expect(response.statusCode).toBe(201)
      bought.push(response.json<{ subscription: { id: string } }>().subscription.id)
    }
    await background.idle()
    clock.advance(61_000)

    // Four senders on one database, as four instances' sweeps would run: on PostgreSQL each
    // claims through its own connection, so the claims really race.
    const sent: string[] = []
    const mailer: Mailer = {
      kind: 'smtp',
      async send(mail) {
        await new Promise((resolve) => setTimeout(resolve, 5))
        sent.push(/^Receipt number: (\S+)$/m.exec(mail.text)?.[1] ?? mail.subject)
        return true
      },
      close: () => undefined,
    }
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined }
    const senders = Array.from({ length: 4 }, () =>
      sendDuePurchaseMail({ db: database.db, clock: clock.now, mailer, log: quiet }),
    )
    await Promise.all(senders)

    expect(new Set(sent).size).toBe(sent.length)
    for (const id of bought) expect(sent.filter((receipt) => receipt === id)).toEqual([id])
    for (const id of bought)
      expect((await mailRows(server(), id))[0]).toMatchObject({ kind: 'receipt', attempts: 2 })
  })

  it(`gives a mail up after ${MAX_ATTEMPTS} tries, each a longer wait after the last`, async () => {
    const { app, background, clock } = server()
    const buyer = await signedUp(app)
    const bought = await checkout(app, buyer.cookie, { plan: 'single' })
    const subscriptionId: string = bought.json().subscription.id
    await background.idle()
    for (let attempt = 2; attempt <= MAX_ATTEMPTS + 1; attempt++) {
      // Not yet due: a purchase in between tries nothing for it.
      clock.advance(30_000)
      await checkout(app, buyer.cookie, { plan: 'single' })
      await background.idle()
      expect((await mailRows(server(), subscriptionId))[0]?.attempts).toBe(
        Math.min(attempt - 1, MAX_ATTEMPTS),
      )
      clock.advance(60_000 * 2 ** (attempt - 2))
      await checkout(app, buyer.cookie, { plan: 'single' })
      await background.idle()
      expect((await mailRows(server(), subscriptionId))[0]?.attempts).toBe(
        Math.min(attempt, MAX_ATTEMPTS),
      )
    }
  })
})

describe('with Stripe taking the money', () => {
  const STRIPE_SMTP_PORT = 4416
  let inbox: SmtpInbox
  beforeAll(async () => {
    inbox = await startSmtpInbox(STRIPE_SMTP_PORT)
  })
  afterAll(() => inbox.close())
  const config: Partial<Config> = {
    mail: { smtpUrl: `smtp://127.0.0.1:${STRIPE_SMTP_PORT}`, from: 'letters@example.com' },
  }
  const stripe = setupFakeStripe(config)
  const server = setupTestServer({ config })

  it('mails once the webhook writes the purchase, once however often Stripe delivers it', async () => {
    const { app, background, clock, database } = server()
    const employee = await signedUp(app, 'employee')
    const code = await couponOf(database, employee.user.id)
    const buyer = await signedUp(app)
    const page = await checkout(app, buyer.cookie, {
      plan: 'annual4',
      couponCode: code,
      card: undefined,
    })
    expect(page.statusCode, page.body).toBe(201)
    const sessionId = page.json<{ checkoutUrl: string }>().checkoutUrl.split('/').pop() ?? ''
    const payload = JSON.stringify(stripe().pay(sessionId))
    const signature = stripe().sign(payload, {
      timestamp: Math.floor(clock.current.getTime() / 1000),
    })
    for (let delivery = 0; delivery < 3; delivery++) {
      const answer = await app.inject({
        method: 'POST',
        url: CHECKOUT_PATHS.stripeWebhook,
        payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      })
      expect(answer.statusCode, answer.body).toBe(200)
    }
    await background.idle()
    const mails = await inbox.waitFor(2)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(inbox.mails).toHaveLength(2)
    const receipt = mails.find((mail) => mail.to.includes(buyer.body.email))
    expect(receipt?.subject).toBe('Your Letterhead receipt: Annual 4 Letters, $239.20')
    // Stripe's page took the card: the server knows nothing of it to print.
    expect(receipt?.text).not.toContain('Card:')
    expect(mails.find((mail) => mail.to.includes(employee.body.email))?.subject).toBe(
      'You earned a $11.96 Letterhead commission',
    )
  })
})
