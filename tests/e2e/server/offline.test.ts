import { describe, expect, it } from 'vitest'
import { expectDashboard, newAccount, signUp } from '../support/accounts'
import { buyPlan } from '../support/billing'
import { screenshot, setupBrowser } from '../support/browser'
import { setupLetterheadServer } from '../support/letterhead-server'
import { generateLetter, waitForGenerated, backToMyLetters } from '../support/letters'
import { waitForServiceWorker } from '../support/service-worker'
import { visible } from '../support/wait'

/** Server mode with the network gone: the device keeps working, and the server hears later. */

const browser = setupBrowser()
const server = setupLetterheadServer(4358)

describe('server mode offline', () => {
  it("reloads offline into the dashboard with the device's letters", async () => {
    const context = await browser.newContext({ baseURL: server.url() })
    const page = await context.newPage()
    await signUp(page, newAccount('server-offline'))
    await expectDashboard(page, 'User')
    await buyPlan(page, 'Annual 4 Letters')
    await generateLetter(page)
    await waitForGenerated(page)
    await backToMyLetters(page)
    await waitForServiceWorker(page)

    await context.setOffline(true)
    await page.reload()
    await visible(page.getByRole('heading', { name: /Welcome/ }))
    await visible(page.getByRole('tab', { name: 'My Letters (1)' }))
    await visible(page.getByRole('status').filter({ hasText: 'Offline' }))
    await screenshot(page, 'server-mode-offline-dashboard')
    // Nothing said the session ended: the server could not be asked.
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0)
    await context.close()
  })

  it('signs out offline at once and ends the session on the server when back online', async () => {
    const context = await browser.newContext({ baseURL: server.url() })
    const page = await context.newPage()
    await signUp(page, newAccount('server-offline-sign-out'))
    await expectDashboard(page, 'User')
    expect((await context.request.get('/api/auth/me')).status()).toBe(200)

    await context.setOffline(true)
    await page.getByRole('button', { name: 'Sign Out' }).click()
    // Server mode asks whether to keep this device's copy; keeping it is a plain sign-out.
    await page
      .getByRole('dialog', { name: 'Sign out of Letterhead?' })
      .getByRole('button', { name: 'Sign out', exact: true })
      .click()
    await page.waitForURL('**/auth')
    await context.setOffline(false)
    await expect.poll(async () => (await context.request.get('/api/auth/me')).status()).toBe(401)
    await context.close()
  })
})
