import { describe, expect, it } from 'vitest'
import { expectDashboard, newAccount, signUp } from '../support/accounts'
import { fillCard, selectPlan } from '../support/billing'
import { screenshot, setupBrowser } from '../support/browser'
import { setupLetterheadServer } from '../support/letterhead-server'
import { reviewScreen } from '../support/review'
import { visible } from '../support/wait'

/**
 * Checkout in server mode, as customers meet it: an employee's code from
 * another browser, typed with look-alikes and never applied, still discounts
 * the purchase on the server; a declined card changes nothing; offline, the
 * Subscription tab says a connection is needed.
 */

const browser = setupBrowser()
const server = setupLetterheadServer(4361)

/** The employee's code as the Referrals tab shows it. */
async function employeeCode(): Promise<string> {
  const context = await browser.newContext({ baseURL: server.url() })
  const page = await context.newPage()
  await signUp(page, newAccount('checkout-employee'), 'employee')
  await expectDashboard(page, 'Employee')
  const text = await page
    .getByText(/^EMP[A-Z0-9]{6}$/)
    .first()
    .textContent()
  await context.close()
  return text ?? ''
}

describe('checkout through the server', () => {
  it("pays $239.20 for Annual 4 Letters with an employee's code typed but not applied", async () => {
    const code = await employeeCode()
    expect(code).toMatch(/^EMP[A-HJ-KM-NP-Z2-9]{6}$/)
    const context = await browser.newContext({ baseURL: server.url() })
    const page = await context.newPage()
    await signUp(page, newAccount('checkout-customer'))
    await expectDashboard(page, 'User')
    await selectPlan(page, 'Annual 4 Letters')
    // Typed in lower case and never applied: Continue to Payment applies it.
    await page.getByLabel('Coupon Code').fill(code.toLowerCase())
    await page.getByRole('button', { name: 'Continue to Payment' }).click()

    // A declined card first: nothing is bought, the customer stays to correct it.
    await fillCard(page, { number: '4000000000000002' })
    await page.getByRole('button', { name: 'Pay $239.20' }).click()
    await visible(page.getByRole('alert').filter({ hasText: 'Payment failed. Please try again.' }))
    await screenshot(page, 'server-checkout-declined')
    const mine = async () =>
      (await context.request.get('/api/auth/me')).ok() &&
      (await page.evaluate(async () => {
        const open = indexedDB.open('letterhead')
        const db = await new Promise<IDBDatabase>(
          (resolve) => (open.onsuccess = () => resolve(open.result)),
        )
        const count = db.transaction('subscriptions').objectStore('subscriptions').count()
        return new Promise<number>((resolve) => (count.onsuccess = () => resolve(count.result)))
      }))
    expect(await mine()).toBe(0)

    await fillCard(page)
    await page.getByRole('button', { name: 'Pay $239.20' }).click()
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor({ timeout: 15_000 })
    await screenshot(page, 'server-checkout-paid')
    expect(await mine()).toBe(1)
    await context.close()
  })

  it('offline, the Subscription tab says buying needs a connection, and Pay sends nothing', async () => {
    const context = await browser.newContext({ baseURL: server.url() })
    const page = await context.newPage()
    await signUp(page, newAccount('checkout-offline'))
    await expectDashboard(page, 'User')
    await selectPlan(page, 'Single Letter')
    await page.getByRole('button', { name: 'Continue to Payment' }).click()
    await fillCard(page)
    await context.setOffline(true)
    const note = page.getByRole('status').filter({ hasText: 'Buying a plan needs a connection' })
    await visible(note)
    await page.getByRole('button', { name: 'Pay $299.00' }).click()
    await visible(page.getByRole('alert').filter({ hasText: 'nothing was charged' }))
    expect(await reviewScreen(page, 'server-checkout-offline')).toEqual([])
    await context.setOffline(false)
    await expect.poll(() => note.count()).toBe(0)
    await context.close()
  })
})
