import { describe, expect, it } from 'vitest'
import { expectDashboard, newAccount, signIn, signOut, signUp } from './support/accounts'
import { screenshot, setupBrowser } from './support/browser'
import { readTable } from './support/indexeddb'
import { visible } from './support/wait'

const browser = setupBrowser()

describe('routes and screens', () => {
  it('shows the 404 screen for an unknown path, with Go Back and Home', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto('/old')
    await page.goto('/no/such/page')
    await visible(page.getByRole('heading', { name: 'Page Not Found' }))
    await screenshot(page, 'not-found')
    await page.getByRole('button', { name: 'Go Back' }).click()
    await page.waitForURL('**/old')
    await page.goto('/still/missing')
    await page.getByRole('button', { name: 'Home' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await context.close()
  })

  it('shows the error screen on a render crash and records the error', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto('/diagnostics/crash')
    await visible(page.getByRole('heading', { name: 'Something went wrong' }))
    await visible(page.getByText('We encountered an unexpected error. Our team has been notified.'))
    await visible(page.getByRole('button', { name: 'Reload Page' }))
    await screenshot(page, 'error-screen')
    await expect.poll(async () => (await readTable(page, 'errors')).length).toBe(1)
    const [row] = await readTable(page, 'errors')
    expect(row).toMatchObject({
      message: 'Diagnostics: deliberate render crash',
      route: '/diagnostics/crash',
    })
    expect(String(row?.stack)).toContain('Error')
    await page.getByRole('button', { name: 'Go Home' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await context.close()
  })

  it('sends a signed-out visitor from /app to sign in, then back; a signed-in one away from /auth', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const account = newAccount('guard')
    await signUp(page, account)
    await expectDashboard(page, 'User')
    await page.goto('/auth')
    await page.waitForURL('**/app')
    await signOut(page)

    await page.goto('/app')
    await page.waitForURL('**/auth?redirect=*')
    await page.getByLabel('Email').fill(account.email)
    await page.getByLabel('Password').fill(account.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expectDashboard(page, 'User')
    await context.close()
  })

  it('shows Sign In and Get Started on /, and Dashboard once signed in', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto('/')
    await visible(page.getByRole('link', { name: 'Get Started' }).first())
    await page.getByRole('link', { name: 'Sign In' }).first().click()
    await page.waitForURL('**/auth?tab=login')
    await signUp(page, newAccount('nav'))
    await expectDashboard(page, 'User')
    await page.goto('/')
    await visible(page.getByRole('link', { name: 'Dashboard' }).first())
    expect(await page.getByRole('link', { name: 'Get Started' }).count()).toBe(0)
    await context.close()
  })

  it('/old shows the simpler landing signed out and the dashboard for the role signed in', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto('/old')
    await page.locator('section#pricing').waitFor()
    for (const id of ['home', 'how-it-works', 'features', 'pricing']) {
      expect(await page.locator(`section#${id}`).count()).toBe(1)
    }
    await signUp(page, newAccount('old'), 'employee')
    await expectDashboard(page, 'Employee')
    await page.goto('/old')
    await visible(page.getByRole('heading', { name: /Welcome/ }))
    await visible(page.getByText('Employee', { exact: true }))
    await context.close()
  })

  it('shows sign-in and sign-out in every open tab', async () => {
    const context = await browser.newContext()
    const first = await context.newPage()
    const account = newAccount('tabs')
    await signUp(first, account)
    await expectDashboard(first, 'User')

    const second = await context.newPage()
    await second.goto('/app')
    await expectDashboard(second, 'User')

    await second.getByRole('button', { name: 'Sign Out' }).click()
    await first.waitForURL('**/auth')

    await signIn(second, account.email, account.password)
    await expectDashboard(second, 'User')
    await first.waitForURL('**/app')
    await expectDashboard(first, 'User')
    await context.close()
  })

  it('refuses sign-in for a while after five wrong passwords', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const account = newAccount('locked')
    await signUp(page, account)
    await expectDashboard(page, 'User')
    await signOut(page)
    await page.getByLabel('Email').fill(account.email)
    await page.getByLabel('Password').fill('wrong password')
    for (let i = 1; i <= 5; i++) {
      await page.getByRole('button', { name: 'Sign In' }).click()
      await visible(page.getByRole('alert').filter({ hasText: 'Invalid credentials' }))
      await page.getByRole('button', { name: 'Sign In', disabled: false }).waitFor()
    }
    await page.getByLabel('Password').fill(account.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await visible(
      page.getByRole('alert').filter({ hasText: 'Please wait 1 minute before trying again.' }),
    )
    await screenshot(page, 'auth-locked')
    await context.close()
  })
})
