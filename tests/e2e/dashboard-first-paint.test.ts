import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { type Account, expectDashboard, newAccount, signOut, signUp } from './support/accounts'
import { screenshot, setupBrowser } from './support/browser'
import { appHasTheField, beforeTheApp, expectNoShift, recordShifts } from './support/first-paint'
import { PHONE } from './support/review'
import { visible } from './support/wait'

/**
 * A user's dashboard paints from index.html, before any script (decision 040): a frame of its
 * first tab, filled in with what the device remembers of the dashboard, then the app's page in
 * its place, where nothing moves.
 */

const browser = setupBrowser()

const DESKTOP = { width: 1280, height: 800 }
const REMEMBERED = 'letterhead.dashboard-frame'

const remembered = (page: Page) => page.evaluate((key) => localStorage.getItem(key), REMEMBERED)

/** A context whose entry is never served by the service worker, so it can be held back. */
async function signedUp(
  viewport = PHONE,
): Promise<{ context: BrowserContext; page: Page; account: Account }> {
  const context = await browser.newContext({ viewport, serviceWorkers: 'block' })
  const page = await context.newPage()
  const account = newAccount('dashboard')
  await signUp(page, account)
  await expectDashboard(page, 'User')
  await expect.poll(() => remembered(page)).not.toBeNull()
  return { context, page, account }
}

const yourName = (page: Page) => page.getByRole('textbox', { name: 'Your Name' })

describe('the dashboard before its script', () => {
  it("shows the person's dashboard with nothing to type into, then the app's", async () => {
    const { context, account } = await signedUp()
    const { page, release } = await beforeTheApp(browser, '/app', { context })
    await visible(page.getByRole('heading', { name: `Welcome, ${account.fullName}` }))
    await visible(page.getByRole('tab', { name: 'My Letters (0)' }))
    await visible(page.getByText('You have no letters left. Choose a plan to continue.'))
    expect(await yourName(page).inputValue()).toBe(account.fullName)
    expect(await yourName(page).isDisabled()).toBe(true)
    expect(await page.getByRole('button', { name: 'Choose a Plan' }).isDisabled()).toBe(true)
    // Nothing else is in the page: not the auth page's frames, not the landing page.
    expect(await page.locator('[data-auth-frame], #root > *').count()).toBe(0)
    await screenshot(page, 'dashboard-frame-phone')

    await release()
    await appHasTheField(yourName(page))
    expect(await page.locator('[data-dashboard-frame]').count()).toBe(0)
    await yourName(page).fill('Ada Lovelace')
    expect(await yourName(page).inputValue()).toBe('Ada Lovelace')
    // The rest of the form, which the frame leaves out, is the app's.
    await visible(page.getByRole('button', { name: 'Generate Legal Letter' }))
    await context.close()
  })

  it('draws the count and the note as the device last saw them, and the app then draws its own', async () => {
    const { context, page: first } = await signedUp(DESKTOP)
    const kept = JSON.parse((await remembered(first)) ?? '{}') as { name: string }
    await first.evaluate(({ key, value }) => localStorage.setItem(key, value), {
      key: REMEMBERED,
      value: JSON.stringify({ name: kept.name, letters: 1234, noLettersLeft: false }),
    })
    const { page, release } = await beforeTheApp(browser, '/app', { context })
    await visible(page.getByRole('tab', { name: 'My Letters (1234)' }))
    expect(await page.getByText('You have no letters left.').count()).toBe(0)
    await release()
    await visible(page.getByRole('tab', { name: 'My Letters (0)' }))
    await visible(page.getByText('You have no letters left. Choose a plan to continue.'))
    await expect
      .poll(() => remembered(page))
      .toBe(JSON.stringify({ name: kept.name, letters: 0, noLettersLeft: true }))
    await context.close()
  })

  it('shows no frame at another tab, nor once signed out', async () => {
    const { context, page: first } = await signedUp()
    const letters = await beforeTheApp(browser, '/app?tab=letters', { context })
    await letters.page.waitForTimeout(300)
    expect(await letters.page.getByRole('heading', { name: /Welcome/ }).count()).toBe(0)
    await letters.release()
    await visible(letters.page.getByRole('tab', { name: 'My Letters (0)', selected: true }))
    await letters.page.close()

    await signOut(first)
    expect(await remembered(first)).toBeNull()
    const out = await beforeTheApp(browser, '/app', { context })
    await out.page.waitForTimeout(300)
    expect(await out.page.getByRole('heading', { name: /Welcome/ }).count()).toBe(0)
    await out.release()
    await out.page.waitForURL('**/auth**')
    await visible(out.page.getByRole('button', { name: 'Sign In' }))
    await context.close()
  })
})

describe('the dashboard as the app takes it over', () => {
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)
    it(`moves nothing on a ${name}`, async () => {
      const { context } = await signedUp(viewport)
      const page = await context.newPage()
      const shifts = await recordShifts(page)
      // Whether the frame showed: the entry starts after DOMContentLoaded, the app after it.
      await page.addInitScript(() =>
        document.addEventListener('DOMContentLoaded', () =>
          Object.assign(window, {
            framed: document.getElementById('dashboard-frame')?.checkVisibility() === true,
          }),
        ),
      )
      await page.goto('/app')
      await appHasTheField(yourName(page))
      await page.waitForTimeout(500)
      expect(await page.evaluate(() => (window as unknown as { framed: boolean }).framed)).toBe(
        true,
      )
      expectNoShift(await shifts(), name)
      expect(await page.locator('[data-dashboard-frame]').count()).toBe(0)
      await context.close()
    })
})
