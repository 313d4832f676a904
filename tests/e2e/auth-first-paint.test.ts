import type { Page, Route } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectDashboard, newAccount, signIn, signOut, signUp } from './support/accounts'
import { screenshot, setupBrowser } from './support/browser'
import { PHONE } from './support/review'
import { visible } from './support/wait'

/**
 * The auth page paints from index.html, before any script (decision 039): a frame of the open
 * tab that takes no input, then the app's page in its place, where nothing moves.
 */

const browser = setupBrowser()

const DESKTOP = { width: 1280, height: 800 }
/** The built entry, held back to see the page as it is before any script of the app has run. */
const ENTRY = /\/assets\/index-[\w-]+\.js$/

async function beforeTheApp(path: string, viewport = DESKTOP) {
  const context = await browser.newContext({ viewport })
  const page = await context.newPage()
  const held: Route[] = []
  await page.route(ENTRY, (route) => void held.push(route))
  await page.goto(path, { waitUntil: 'domcontentloaded' })
  await expect.poll(() => held.length).toBe(1)
  return { context, page, release: () => held[0]?.continue() }
}

type Shift = { value: number; sources: string[] }

async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: Shift[] = []
    Object.assign(window, { layoutShifts: shifts })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number
        sources: { node: Node | null }[]
      }[])
        shifts.push({
          value: entry.value,
          sources: entry.sources.map((source) =>
            source.node instanceof Element ? source.node.outerHTML.slice(0, 120) : '',
          ),
        })
    }).observe({ type: 'layout-shift', buffered: true })
  })
  return () => page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts)
}

describe('the auth page before its script', () => {
  it('shows the Login tab, with nothing to type into until the app has the page', async () => {
    const { context, page, release } = await beforeTheApp('/auth', PHONE)
    await visible(page.getByRole('tab', { name: 'Login', selected: true }))
    const email = page.getByLabel('Email')
    expect(await email.isDisabled()).toBe(true)
    expect(await page.getByRole('button', { name: 'Sign In' }).isDisabled()).toBe(true)
    expect(await page.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/auth?view=forgot',
    )
    // What index.html carries for other pages left as it was parsed: the other tab's frame and
    // the landing page, so nothing hidden stands beside what shows.
    expect(await page.locator('div[data-auth-frame]').count()).toBe(1)
    expect(await page.locator('#root > *').count()).toBe(0)
    await screenshot(page, 'auth-frame-phone')

    await release()
    await expect.poll(() => email.isEnabled()).toBe(true)
    expect(await page.locator('[data-auth-frame]').count()).toBe(0)
    await email.fill('ada@example.com')
    expect(await email.inputValue()).toBe('ada@example.com')
    await context.close()
  })

  it('shows the Sign Up tab for ?tab=signup, and no frame on / or for the password-reset views', async () => {
    const signup = await beforeTheApp('/auth?tab=signup')
    await visible(signup.page.getByRole('tab', { name: 'Sign Up', selected: true }))
    await visible(signup.page.getByLabel('Full Name'))
    expect(
      await signup.page.getByRole('radio', { name: 'User - Generate legal letters' }).isChecked(),
    ).toBe(true)
    await screenshot(signup.page, 'auth-frame-signup-desktop')
    await signup.context.close()

    const landing = await beforeTheApp('/')
    await visible(landing.page.locator('#hero'))
    expect(await landing.page.locator('div[data-auth-frame]').count()).toBe(0)
    await landing.context.close()

    const forgot = await beforeTheApp('/auth?view=forgot')
    // Nothing of the sign-in page shows where the app will draw another view.
    await forgot.page.waitForTimeout(300)
    expect(await forgot.page.getByRole('tab').count()).toBe(0)
    await forgot.release()
    await visible(forgot.page.getByRole('heading', { name: /password/i }))
    await forgot.context.close()
  })
})

describe('the auth page as the app takes it over', () => {
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)
    it(`moves nothing on a ${name}, in either tab, and signs in`, async () => {
      const context = await browser.newContext({ viewport })
      const page = await context.newPage()
      const account = newAccount('frame')
      await signUp(page, account)
      await expectDashboard(page, 'User')
      await signOut(page)

      for (const path of ['/auth', '/auth?tab=signup']) {
        const fresh = await context.newPage()
        const shifts = await recordShifts(fresh)
        await fresh.goto(path)
        await expect.poll(() => fresh.getByLabel('Email').isEnabled()).toBe(true)
        await fresh.waitForTimeout(500)
        const found = await shifts()
        const total = found.reduce((sum, shift) => sum + shift.value, 0)
        expect(total, `${path}: ${JSON.stringify(found, null, 1)}`).toBeLessThan(0.001)
        await fresh.close()
      }

      await signIn(page, account.email, account.password)
      await expectDashboard(page, 'User')
      expect(await page.locator('div[data-auth-frame]').count()).toBe(0)
      await context.close()
    })
})
