import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { ERROR_MESSAGES } from '../../../src/domain/errors'
import { expectDashboard, newAccount, signIn, signUp, submitAdminSignUp } from '../support/accounts'
import { setupBrowser } from '../support/browser'
import { setupLetterheadServer } from '../support/letterhead-server'
import { visible } from '../support/wait'

/** Accounts in server mode: the app served by the Letterhead server, with a database of its own. */

const PORT = 4357
const browser = setupBrowser()
const server = setupLetterheadServer(PORT)

async function device() {
  const context = await browser.newContext({ baseURL: server.url() })
  return { context, page: await context.newPage() }
}

const formAlert = (page: Page) => page.getByRole('form').getByRole('alert')
const rememberedMode = (page: Page) => page.evaluate(() => localStorage.getItem('letterhead:mode'))

describe('accounts on the Letterhead server', () => {
  it('signs up on one device and in on another, with separate storage', async () => {
    const account = newAccount('server-two-devices')
    const laptop = await device()
    await signUp(laptop.page, account)
    await expectDashboard(laptop.page, 'User')
    expect(await rememberedMode(laptop.page)).toBe('server')

    const phone = await device()
    await signIn(phone.page, account.email, account.password)
    await expectDashboard(phone.page, 'User')
    await phone.page.getByRole('heading', { name: `Welcome, ${account.fullName}` }).waitFor()

    // Both devices stay signed in through a reload, which asks the server again.
    await laptop.page.reload()
    await expectDashboard(laptop.page, 'User')
    await laptop.context.close()
    await phone.context.close()
  })

  it('refuses a second account with the same email and a wrong password, in the form', async () => {
    const account = newAccount('server-refusals')
    const first = await device()
    await signUp(first.page, account, 'employee')
    await expectDashboard(first.page, 'Employee')

    const other = await device()
    await signUp(other.page, account)
    await visible(formAlert(other.page).filter({ hasText: 'User already exists' }))
    await signIn(other.page, account.email, 'not the password')
    await visible(formAlert(other.page).filter({ hasText: 'Invalid credentials' }))
    expect(await other.page.getByLabel('Email').inputValue()).toBe(account.email)
    await first.context.close()
    await other.context.close()
  })

  it('keeps the account through a restart of the server', async () => {
    const account = newAccount('server-restart')
    const before = await device()
    await signUp(before.page, account)
    await expectDashboard(before.page, 'User')
    await before.context.close()

    await server.restart()

    const after = await device()
    await signIn(after.page, account.email, account.password)
    await expectDashboard(after.page, 'User')
    await after.context.close()
  })

  it('says signing in needs a connection when offline', async () => {
    const { context, page } = await device()
    await page.goto('/auth')
    await visible(page.getByRole('button', { name: 'Sign In' }))
    await expect.poll(() => rememberedMode(page)).toBe('server')
    await context.setOffline(true)
    await page.getByLabel('Email').fill('someone@example.com')
    await page.getByLabel('Password').fill('correct horse battery')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await visible(formAlert(page).filter({ hasText: ERROR_MESSAGES.NEEDS_CONNECTION }))
    await page.getByRole('tab', { name: 'Sign Up' }).click()
    await page.getByLabel('Full Name').fill('Someone')
    await page.getByLabel('Email').fill('someone@example.com')
    await page.getByLabel('Password').fill('correct horse battery')
    await page.getByRole('button', { name: 'Create Account' }).click()
    await visible(formAlert(page).filter({ hasText: ERROR_MESSAGES.NEEDS_CONNECTION }))
    await context.close()
  })

  it("makes an admin with the server's secret only", async () => {
    const { context, page } = await device()
    const admin = newAccount('server-admin')
    await submitAdminSignUp(page, admin, 'not the secret')
    await visible(formAlert(page).filter({ hasText: 'Invalid admin secret key' }))
    await page.getByLabel('Admin Secret Key').fill('e2e-admin-secret')
    await page.getByRole('button', { name: 'Create Admin Account' }).click()
    await expectDashboard(page, 'Admin')
    expect(await rememberedMode(page)).toBe('server')
    await context.close()

    // The account is the server's: another device signs in to it.
    const other = await device()
    await signIn(other.page, admin.email, admin.password)
    await expectDashboard(other.page, 'Admin')
    await other.context.close()
  })
})
