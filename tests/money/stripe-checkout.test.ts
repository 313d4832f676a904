import { describe, expect, it } from 'vitest'
import { CHECKOUT_PATHS } from '@/domain/checkout'
import type { Config } from '../../server/config'
import { setupFakeStripe } from '../../server/test-support/fake-stripe'
import { setupTestServer } from '../../server/test-support/test-server'
import { PASSWORD, serverDevice } from '../sync/support/device'

/**
 * The app's checkout in server mode when the server's gateway is Stripe
 * (decision 026): the device learns it from the server once, sends no card,
 * gets Stripe's page, and writes nothing until the purchase is paid.
 */

const config: Partial<Config> = {}
const stripe = setupFakeStripe(config)
const server = setupTestServer({ config })

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

const asked = (device: ReturnType<typeof serverDevice>, path: string) =>
  device.faults.log.filter((request) => request.path === path).length

/** Stripe reports the session paid, signed as Stripe signs, at the server's time. */
async function stripePays(checkoutUrl: string) {
  const event = stripe().pay(checkoutUrl.split('/').pop() ?? '')
  const payload = JSON.stringify(event)
  const timestamp = Math.floor(server().clock.current.getTime() / 1000)
  const answer = await server().app.inject({
    method: 'POST',
    url: CHECKOUT_PATHS.stripeWebhook,
    payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripe().sign(payload, { timestamp }),
    },
  })
  expect(answer.statusCode, answer.body).toBe(200)
}

describe('checkout in server mode with the Stripe gateway', () => {
  it('asks the server how payment is taken once while the app runs, and again after failing offline', async () => {
    const buyer = await customer('Options')
    buyer.network.online = false
    await expect(buyer.repo.payments.options()).rejects.toMatchObject({
      code: 'CHECKOUT_NEEDS_CONNECTION',
    })
    buyer.network.online = true
    expect(await buyer.repo.payments.options()).toEqual({ gateway: 'stripe' })
    expect(await buyer.repo.payments.options()).toEqual({ gateway: 'stripe' })
    expect(asked(buyer, CHECKOUT_PATHS.options)).toBe(1)
  })

  it("answers Stripe's page without a card, writes nothing, then answers the purchase once paid", async () => {
    const buyer = await customer('Stripe')
    const idempotencyKey = crypto.randomUUID()
    const started = await buyer.repo.payments.startStripeCheckout({
      plan: 'single',
      idempotencyKey,
    })
    if (!('checkoutUrl' in started)) throw new Error('Stripe checkout answered a purchase')
    expect(started.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.com\//)
    const [request] = stripe()
      .requests.filter((r) => r.path === '/v1/checkout/sessions')
      .slice(-1)
    expect(request?.params).toMatchObject({
      line_items: [{ price_data: { unit_amount: '29900' } }],
    })
    expect(await buyer.db.subscriptions.count()).toBe(0)

    await stripePays(started.checkoutUrl)
    // The same attempt asked again (another tab, a double click) gets the purchase, kept here.
    const again = await buyer.repo.payments.startStripeCheckout({ plan: 'single', idempotencyKey })
    expect(again).toMatchObject({ amountCents: 29_900, subscription: { letters: 1 } })
    expect((await buyer.repo.subscriptions.entitlements()).lettersLeft).toBe(1)
  })

  it('refuses a card checkout sent to a Stripe server, saying nothing was charged', async () => {
    const buyer = await customer('Stale')
    const paid = buyer.repo.payments.pay({
      plan: 'single',
      card: {
        cardNumber: '4242 4242 4242 4242',
        expiryDate: '12/30',
        cvv: '123',
        cardholderName: 'Stale Customer',
      },
      idempotencyKey: crypto.randomUUID(),
      gateway: { id: 'device', charge: () => Promise.reject(new Error('charged on the device')) },
    })
    await expect(paid).rejects.toMatchObject({
      message: expect.stringContaining('nothing was charged'),
    })
    expect(await buyer.db.subscriptions.count()).toBe(0)
  })

  it('offline, sends nothing and writes nothing', async () => {
    const buyer = await customer('Offline')
    buyer.network.online = false
    const sessions = stripe().sessions.size
    await expect(
      buyer.repo.payments.startStripeCheckout({
        plan: 'single',
        idempotencyKey: crypto.randomUUID(),
      }),
    ).rejects.toMatchObject({ code: 'CHECKOUT_NEEDS_CONNECTION' })
    expect(stripe().sessions.size).toBe(sessions)
    expect(asked(buyer, CHECKOUT_PATHS.checkout)).toBe(0)
  })
})
