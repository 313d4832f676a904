import { describe, expect, it } from 'vitest'
import {
  E2E_ADMIN_SECRET,
  expectDashboard,
  newAccount,
  signIn,
  signOut,
  signUp,
  submitAdminSignUp,
} from './support/accounts'
import { screenshot, setupBrowser } from './support/browser'
import { visible } from './support/wait'

const browser = setupBrowser()

describe('accounts', () => {
  it('signs up a user, keeps the session over a reload, signs out and back in case-insensitively', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const account = newAccount('user')
    await signUp(page, account, 'user')
    await expectDashboard(page, 'User')
    expect(await page.getByRole('heading', { name: /Welcome/ }).textContent()).toContain(
      account.fullName,
    )
    await screenshot(page, 'dashboard-user-desktop')

    await page.reload()
    await expectDashboard(page, 'User')

    await signOut(page)
    await page.goto('/app')
    await page.waitForURL('**/auth?redirect=*')

    await signIn(page, `  ${account.email.toUpperCase()} `, account.password)
    await expectDashboard(page, 'User')
    await context.close()
  })

  it('gives an employee a coupon code', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await signUp(page, newAccount('employee'), 'employee')
    await expectDashboard(page, 'Employee')
    expect(await (await visible(page.getByTestId('coupon-code'))).textContent()).toMatch(
      /^EMP[A-Z0-9]{6}$/,
    )
    await context.close()
  })

  it('refuses a duplicate email and a wrong password in the form alert, keeping what was typed', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const account = newAccount('dup')
    await signUp(page, account)
    await expectDashboard(page, 'User')
    await signOut(page)

    await signUp(page, { ...account, email: account.email.toUpperCase() })
    const alert = page.getByRole('alert').filter({ hasText: 'User already exists' })
    await visible(alert)
    expect(await page.getByLabel('Full Name').inputValue()).toBe(account.fullName)

    await signIn(page, account.email, 'not the password')
    await visible(page.getByRole('alert').filter({ hasText: 'Invalid credentials' }))
    expect(await page.getByLabel('Email').inputValue()).toBe(account.email)
    await screenshot(page, 'auth-wrong-password')
    expect(page.url()).toContain('/auth')
    await context.close()
  })

  it('shows field messages for bad input and writes nothing', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto('/auth')
    await page.getByRole('tab', { name: 'Sign Up' }).click()
    await page.getByLabel('Email').fill('not-an-email')
    await page.getByLabel('Password').fill('short')
    await page.getByRole('button', { name: 'Create Account' }).click()
    await visible(page.getByText('Full name is required'))
    await visible(page.getByText('Enter a valid email address'))
    await visible(page.getByText('Password must be at least 8 characters'))
    expect(page.url()).toContain('/auth')
    await context.close()
  })

  it('creates an admin only with the right secret', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const account = newAccount('admin')
    await submitAdminSignUp(page, account, 'letterhead-dev-admin')
    await visible(page.getByRole('alert').filter({ hasText: 'Invalid admin secret key' }))
    await screenshot(page, 'auth-admin-wrong-secret')

    await page.getByLabel('Admin Secret Key').fill(E2E_ADMIN_SECRET)
    await page.getByRole('button', { name: 'Create Admin Account' }).click()
    await expectDashboard(page, 'Admin')

    const bundle = await page.evaluate(async () => {
      const scripts = [...document.querySelectorAll('script[src]')].map(
        (s) => (s as HTMLScriptElement).src,
      )
      const texts = await Promise.all(scripts.map(async (src) => (await fetch(src)).text()))
      return texts.join('\n')
    })
    expect(bundle).not.toContain(E2E_ADMIN_SECRET)
    await context.close()
  })

  it('Back to Login returns from the admin form', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto('/auth')
    await page.getByRole('button', { name: 'Admin Access' }).click()
    await page.getByRole('button', { name: 'Back to Login' }).click()
    await visible(page.getByRole('tab', { name: 'Login' }))
    await context.close()
  })
})
