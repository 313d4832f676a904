import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { ERROR_MESSAGES } from '../../../src/domain/errors'
import { expectDashboard, newAccount, signIn, signUp } from '../support/accounts'
import { setupBrowser } from '../support/browser'
import { setupLetterheadServer } from '../support/letterhead-server'
import { screenReviewer } from '../support/review'
import { visible } from '../support/wait'

/** Settings → Security in server mode: the account's sessions and its password. */

const browser = setupBrowser()
const server = setupLetterheadServer(4359)

async function device() {
  const context = await browser.newContext({ baseURL: server.url() })
  return { context, page: await context.newPage() }
}

/** One account signed in on a laptop (where it was made) and a phone. */
async function twoDevices(prefix: string) {
  const account = newAccount(prefix)
  const laptop = await device()
  await signUp(laptop.page, account)
  await expectDashboard(laptop.page, 'User')
  const phone = await device()
  await signIn(phone.page, account.email, account.password)
  await expectDashboard(phone.page, 'User')
  return { account, laptop, phone }
}

async function openSecurity(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click()
  await page.waitForURL('**/app/settings')
  await visible(page.getByRole('region', { name: 'Security' }))
}

const sessionList = (page: Page) => page.getByRole('list', { name: 'Where you are signed in' })
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text })

/** The other device, reloaded, finds itself signed out and is told why. */
async function expectSignedOutWithNotice(page: Page) {
  await page.reload()
  await page.waitForURL('**/auth**')
  await visible(toast(page, ERROR_MESSAGES.SESSION_ENDED))
  await visible(page.getByRole('button', { name: 'Sign In' }))
}

describe('Security in server mode', () => {
  it("lists the other device's session and signs it out from here", async () => {
    const { laptop, phone } = await twoDevices('security-sessions')
    await openSecurity(laptop.page)
    const items = sessionList(laptop.page).getByRole('listitem')
    await expect.poll(() => items.count()).toBe(2)
    expect(await items.filter({ hasText: 'This device' }).count()).toBe(1)
    expect(await items.first().textContent()).toContain('This device')
    expect(await items.first().textContent()).toMatch(/Last seen/)

    await laptop.page.getByRole('button', { name: 'Sign out everywhere else' }).click()
    await visible(toast(laptop.page, 'Signed out of 1 other session.'))
    await expect.poll(() => items.count()).toBe(1)

    await expectSignedOutWithNotice(phone.page)
    // This device stays signed in.
    await laptop.page.reload()
    await visible(sessionList(laptop.page))
    await laptop.context.close()
    await phone.context.close()
  })

  it('changes the password: a wrong current one is refused, the other device is signed out', async () => {
    const { account, laptop, phone } = await twoDevices('security-password')
    await openSecurity(laptop.page)
    const form = laptop.page.getByRole('form', { name: 'Change Password' })
    await form.getByLabel('Current Password').fill('not my password')
    await form.getByLabel('New Password').fill('a brand new password')
    await form.getByRole('button', { name: 'Change Password' }).click()
    await visible(
      form.getByRole('alert').filter({ hasText: ERROR_MESSAGES.WRONG_CURRENT_PASSWORD }),
    )
    expect(await form.getByLabel('New Password').inputValue()).toBe('a brand new password')

    await form.getByLabel('Current Password').fill(account.password)
    await form.getByRole('button', { name: 'Change Password' }).click()
    await visible(
      toast(laptop.page, 'Your password was changed, and your other devices were signed out.'),
    )
    expect(await form.getByLabel('Current Password').inputValue()).toBe('')

    await expectSignedOutWithNotice(phone.page)
    await signIn(phone.page, account.email, account.password)
    await visible(phone.page.getByRole('alert').filter({ hasText: 'Invalid credentials' }))
    await signIn(phone.page, account.email, 'a brand new password')
    await expectDashboard(phone.page, 'User')
    await laptop.context.close()
    await phone.context.close()
  })

  it('looks finished and passes axe on a phone and a desktop, light and dark', async () => {
    const { laptop, phone } = await twoDevices('security-screens')
    await openSecurity(laptop.page)
    await expect.poll(() => sessionList(laptop.page).getByRole('listitem').count()).toBe(2)
    // The service worker's first "ready to work offline" toast would cover the section. A toast
    // under the pointer (left over the header's Settings, where toasts appear) never times out.
    await laptop.page.mouse.move(0, laptop.page.viewportSize()?.height ?? 0)
    await laptop.page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' })
    const { review, expectAccessible } = screenReviewer(laptop.page)
    await laptop.page.getByRole('region', { name: 'Security' }).scrollIntoViewIfNeeded()
    await review('settings-security-server')
    const form = laptop.page.getByRole('form', { name: 'Change Password' })
    await form.getByRole('button', { name: 'Change Password' }).click()
    await visible(form.getByText('Current password is required'))
    await review('settings-security-server-errors')
    expectAccessible()
    await laptop.context.close()
    await phone.context.close()
  })
})
