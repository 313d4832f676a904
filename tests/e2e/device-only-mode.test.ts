import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectDashboard, newAccount, signIn, signOut, signUp } from './support/accounts'
import { setupBrowser } from './support/browser'
import { visible } from './support/wait'

/**
 * A static host (here `vite preview`, which answers /api/health with
 * index.html and a 200) runs the app device-only: accounts and their
 * passwords stay on the device.
 */

const browser = setupBrowser()

const rememberedMode = (page: Page) => page.evaluate(() => localStorage.getItem('letterhead:mode'))

describe('device-only mode on a static host', () => {
  it('remembers device-only, shows no sessions and changes the password on the device', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const account = newAccount('device-only-mode')
    await signUp(page, account)
    await expectDashboard(page, 'User')
    await expect.poll(() => rememberedMode(page)).toBe('device-only')

    await page.getByRole('button', { name: 'Settings' }).click()
    const security = page.getByRole('region', { name: 'Security' })
    await visible(security.getByText('This account lives on this device only'))
    expect(await security.getByRole('button', { name: 'Sign out everywhere else' }).count()).toBe(0)
    const form = security.getByRole('form', { name: 'Change Password' })
    await form.getByLabel('Current Password').fill(account.password)
    await form.getByLabel('New Password').fill('a brand new password')
    await form.getByRole('button', { name: 'Change Password' }).click()
    await visible(
      page.locator('[data-sonner-toast]').filter({ hasText: 'Your password was changed.' }),
    )

    await signOut(page)
    await signIn(page, account.email, account.password)
    await visible(page.getByRole('alert').filter({ hasText: 'Invalid credentials' }))
    await signIn(page, account.email, 'a brand new password')
    await expectDashboard(page, 'User')
    await context.close()
  })
})
