import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeStripe, startFakeStripe } from '../../../server/test-support/fake-stripe'
import { expectDashboard, newAccount, signUp } from '../support/accounts'
import { selectPlan } from '../support/billing'
import { screenshot, setupBrowser } from '../support/browser'
import { setupLetterheadServer } from '../support/letterhead-server'
import { visible } from '../support/wait'

/**
 * Checkout when the server's gateway is Stripe (decision 026), against a
 * local fake of Stripe's API: the Payment step asks for no card, Pay opens
 * Stripe's page, a cancel there changes nothing, and after paying the
 * Subscription tab waits until Stripe's webhook has written the purchase.
 */

const browser = setupBrowser()
let fake: FakeStripe
beforeAll(async () => {
  fake = await startFakeStripe()
})
const server = setupLetterheadServer(4373, () => ({
  PAYMENT_GATEWAY: 'stripe',
  STRIPE_SECRET_KEY: fake.secretKey,
  STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
  STRIPE_API_BASE: fake.url,
}))
afterAll(() => fake.close())

/** Stripe's webhook for the session, signed as Stripe signs it, now. */
async function stripeReportsPaid(sessionId: string) {
  const payload = JSON.stringify(fake.pay(sessionId))
  const answer = await fetch(`${server.url()}/api/stripe/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': fake.sign(payload, { timestamp: Math.floor(Date.now() / 1000) }),
    },
    body: payload,
  })
  expect(answer.status).toBe(200)
}

describe('checkout on Stripe’s page', () => {
  it('asks for no card, comes back from a cancel with nothing charged, then waits for the payment', async () => {
    const context = await browser.newContext({ baseURL: server.url() })
    // Stripe's page, as far as this test needs it: somewhere the browser goes, outside the app.
    await context.route('https://checkout.stripe.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>Stripe Checkout</h1>' }),
    )
    const page = await context.newPage()
    await signUp(page, newAccount('stripe-customer'))
    await expectDashboard(page, 'User')

    await selectPlan(page, 'Single Letter')
    await page.getByRole('button', { name: 'Continue to Payment' }).click()
    await visible(page.getByText('You will enter your card on Stripe’s secure page'))
    expect(await page.getByLabel('Card Number').count()).toBe(0)
    await screenshot(page, 'server-stripe-payment-step')
    await page.getByRole('button', { name: 'Pay $299.00' }).click()
    await page.waitForURL(/^https:\/\/checkout\.stripe\.com\//)
    const sessionId = new URL(page.url()).pathname.split('/').pop() ?? ''
    const session = fake.sessions.get(sessionId)
    expect(session).toMatchObject({ amount_total: 29_900 })

    // Cancelled on Stripe's page: back on the Subscription tab, nothing bought.
    await page.goto(String(session?.cancel_url))
    await visible(
      page.getByRole('status').filter({ hasText: 'Payment cancelled; nothing was charged.' }),
    )
    await expect.poll(() => page.getByTestId('letters-left').textContent()).toBe('0')

    // Paid on a second go: the same attempt, so the same session.
    await selectPlan(page, 'Single Letter')
    await page.getByRole('button', { name: 'Continue to Payment' }).click()
    await page.getByRole('button', { name: 'Pay $299.00' }).click()
    await page.waitForURL(/^https:\/\/checkout\.stripe\.com\//)
    expect(page.url()).toContain(sessionId)
    await page.goto(String(session?.success_url))
    const note = page.getByRole('status').filter({ hasText: /Waiting for Stripe|Payment received/ })
    await visible(note.filter({ hasText: 'Waiting for Stripe to confirm your payment…' }))

    await stripeReportsPaid(sessionId)
    await visible(note.filter({ hasText: 'Payment received: 1 letter added.' }))
    await expect.poll(() => page.getByTestId('letters-left').textContent()).toBe('1')
    await screenshot(page, 'server-stripe-payment-received')
    await context.close()
  })
})
