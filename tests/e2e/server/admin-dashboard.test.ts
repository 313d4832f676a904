import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectDashboard, newAccount, signUp, submitAdminSignUp } from '../support/accounts'
import { buyPlan } from '../support/billing'
import { setupBrowser } from '../support/browser'
import { setupLetterheadServer } from '../support/letterhead-server'
import { generateLetter, waitForGenerated } from '../support/letters'
import { DESKTOP, PHONE, screenReviewer } from '../support/review'
import { visible } from '../support/wait'

/**
 * The admin dashboard in server mode, as an admin meets it: every account's
 * figures from the server (none of them on the admin's device), users paged
 * by cursor, searched, kept to a day range and exported as CSV.
 */

const browser = setupBrowser()
const server = setupLetterheadServer(4362)

/** Signs an account up through the API, as another browser would have. */
async function signedUpElsewhere(fullName: string, role: 'user' | 'employee' = 'user') {
  const account = newAccount('elsewhere')
  const response = await fetch(`${server.url()}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, fullName, role }),
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { user: { couponCode?: string } }).user
}

const stat = (page: Page, name: string) => page.getByRole('group', { name })
const table = (page: Page) => page.getByRole('tabpanel').getByRole('table')
const rows = (page: Page) => table(page).getByRole('row')
const noPageScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
/** A day as the browser's date input takes it, `days` from today where the browser is. */
const browserDay = (page: Page, days = 0) =>
  page.evaluate((offset) => {
    const day = new Date()
    day.setDate(day.getDate() + offset)
    const two = (value: number) => String(value).padStart(2, '0')
    return `${day.getFullYear()}-${two(day.getMonth() + 1)}-${two(day.getDate())}`
  }, days)

describe('the admin dashboard on the Letterhead server', () => {
  it("reads everyone's figures from the server, pages by cursor, searches, filters and exports", async () => {
    const employee = await signedUpElsewhere('Erin Employee', 'employee')
    for (let index = 1; index <= 29; index++)
      await signedUpElsewhere(`Reader ${String(index).padStart(2, '0')}`)

    // A customer buys Annual 4 Letters with the employee's code and writes a letter.
    const shop = await browser.newContext({ baseURL: server.url() })
    const customer = await shop.newPage()
    await signUp(customer, newAccount('admin-dashboard-customer'))
    await expectDashboard(customer, 'User')
    await buyPlan(customer, 'Annual 4 Letters', employee.couponCode)
    await generateLetter(customer)
    await waitForGenerated(customer)
    await visible(customer.getByRole('banner').getByRole('status').filter({ hasText: 'Synced' }))
    await shop.close()

    const context = await browser.newContext({ baseURL: server.url(), viewport: DESKTOP })
    const page = await context.newPage()
    const screens = screenReviewer(page)
    await submitAdminSignUp(page, newAccount('server-admin'))
    await expectDashboard(page, 'Admin')
    await visible(stat(page, 'Total Users').getByText('30', { exact: true }))
    await visible(stat(page, 'Employees').getByText('1', { exact: true }))
    await visible(stat(page, 'Total Letters').getByText('1', { exact: true }))
    await visible(stat(page, 'Total Revenue').getByText('$239.20'))
    await expect.poll(() => rows(page).count()).toBe(26)
    await visible(page.getByText('Showing 1–25'))
    // The service worker's first "ready to work offline" toast would cover the header; the
    // pointer is moved off it, where toasts appear, so it times out.
    await page.mouse.move(0, DESKTOP.height)
    const offlineReady = page.getByText('Letterhead is ready to work offline.')
    await visible(offlineReady)
    await offlineReady.waitFor({ state: 'detached' })
    await screens.review('server-admin-users')

    await page.getByRole('button', { name: 'Next' }).click()
    await visible(page.getByText('Showing 26–30'))
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true)
    await page.getByRole('button', { name: 'Previous' }).click()
    await visible(page.getByText('Showing 1–25'))

    await page.getByLabel('Search users').fill('reader 0')
    await page.waitForURL(/q=reader/)
    await visible(page.getByText('Showing 1–9'))
    await page.getByLabel('From', { exact: true }).fill(await browserDay(page))
    await page.getByLabel('To', { exact: true }).fill(await browserDay(page))
    await visible(page.getByText('Showing 1–9'))

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^letterhead-users-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = (await readFile(await download.path(), 'utf8')).trim().split('\r\n')
    expect(csv).toHaveLength(10)
    expect(csv.slice(1).map((line) => line.split(',')[1])).toEqual(
      Array.from({ length: 9 }, (_, index) => `Reader 0${9 - index}`),
    )

    await page.getByLabel('From', { exact: true }).fill(await browserDay(page, 1))
    await page.getByLabel('To', { exact: true }).fill(await browserDay(page, 1))
    await visible(page.getByText('No users match “reader 0”.'))
    await screens.review('server-admin-filtered')

    await page.getByRole('tab', { name: 'Subscriptions' }).click()
    const sale = rows(page).filter({ hasText: '$239.20' })
    for (const text of ['Annual 4 Letters', '$59.80 (20%)', employee.couponCode ?? ''])
      await visible(sale.getByRole('cell', { name: text, exact: true }))
    await page.setViewportSize(PHONE)
    expect(await noPageScroll(page)).toBe(true)
    await screens.review('server-admin-subscriptions')
    screens.expectAccessible()
    await context.close()
  })
})
