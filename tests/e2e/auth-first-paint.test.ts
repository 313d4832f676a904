import { describe, expect, it } from 'vitest'
import { expectDashboard, newAccount, signIn, signOut, signUp } from './support/accounts'
import { screenshot, setupBrowser } from './support/browser'
import { appHasTheField, beforeTheApp, expectNoShift, recordShifts } from './support/first-paint'
import { PHONE } from './support/review'
import { visible } from './support/wait'

/**
 * The auth page paints from index.html, before any script (decision 039): a frame of the open
 * tab that takes no input, then the app's page in its place, where nothing moves.
 */

const browser = setupBrowser()

const DESKTOP = { width: 1280, height: 800 }

const beforeAuth = (path: string, viewport = DESKTOP) => beforeTheApp(browser, path, { viewport })

describe('the auth page before its script', () => {
  it('shows the Login tab, with nothing to type into until the app has the page', async () => {
    const { context, page, release } = await beforeAuth('/auth', PHONE)
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
    await appHasTheField(email)
    expect(await page.locator('[data-auth-frame]').count()).toBe(0)
    await email.fill('ada@example.com')
    expect(await email.inputValue()).toBe('ada@example.com')
    await context.close()
  })

  it('shows the Sign Up tab for ?tab=signup, and no frame on / or for the password-reset views', async () => {
    const signup = await beforeAuth('/auth?tab=signup')
    await visible(signup.page.getByRole('tab', { name: 'Sign Up', selected: true }))
    await visible(signup.page.getByLabel('Full Name'))
    expect(
      await signup.page.getByRole('radio', { name: 'User - Generate legal letters' }).isChecked(),
    ).toBe(true)
    await screenshot(signup.page, 'auth-frame-signup-desktop')
    await signup.context.close()

    const landing = await beforeAuth('/')
    await visible(landing.page.locator('#hero'))
    expect(await landing.page.locator('div[data-auth-frame]').count()).toBe(0)
    await landing.context.close()

    const forgot = await beforeAuth('/auth?view=forgot')
    // Nothing of the sign-in page shows where the app will draw another view.
    await forgot.page.waitForTimeout(300)
    expect(await forgot.page.getByRole('tab').count()).toBe(0)
    await forgot.release()
    await visible(forgot.page.getByRole('heading', { name: /password/i }))
    await forgot.context.close()
  })
})

describe('a frame the parser has only part of', () => {
  it('shows nothing of it until its end has arrived', async () => {
    const FRAME_END = '<i data-frame-end hidden></i>'
    const context = await browser.newContext({ viewport: DESKTOP })
    // The whole page, as built: each frame ends with the mark.
    await context.route('**/auth', async (route) => {
      const response = await route.fetch()
      const html = await response.text()
      expect(html.split(FRAME_END)).toHaveLength(4) // two auth frames and the dashboard's
      // As the browser may paint it mid-parse: the login frame without its end yet.
      const login = html.indexOf('id="auth-frame-login"')
      const end = html.indexOf(FRAME_END, login)
      await route.fulfill({
        response,
        body: html.slice(0, end) + html.slice(end + FRAME_END.length),
      })
    })
    const held = await beforeTheApp(browser, '/auth', { context })
    const frame = held.page.locator('#auth-frame-login')
    await held.page.waitForTimeout(300)
    expect(await frame.count()).toBe(1)
    expect(await frame.evaluate((node) => node.checkVisibility())).toBe(false)
    await held.release()
    await appHasTheField(held.page.getByLabel('Email'))
    await context.close()

    const whole = await beforeAuth('/auth')
    await visible(whole.page.getByRole('tab', { name: 'Login', selected: true }))
    expect(
      await whole.page.locator('#auth-frame-login > :last-child').getAttribute('data-frame-end'),
    ).toBe('')
    await whole.context.close()
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
        await appHasTheField(fresh.getByLabel('Email'))
        await fresh.waitForTimeout(500)
        expectNoShift(await shifts(), path)
        await fresh.close()
      }

      await signIn(page, account.email, account.password)
      await expectDashboard(page, 'User')
      expect(await page.locator('div[data-auth-frame]').count()).toBe(0)
      await context.close()
    })
})
