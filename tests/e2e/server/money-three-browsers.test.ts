import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectDashboard, newAccount, signUp, submitAdminSignUp } from '../support/accounts'
import { fillCard, selectPlan } from '../support/billing'
import { screenshot, setupBrowser } from '../support/browser'
import { setupLetterheadServer } from '../support/letterhead-server'
import { waitForServiceWorker } from '../support/service-worker'
import { visible } from '../support/wait'

/**
 * Money across accounts (DESIGN.md §8), as three people on three browsers
 * meet it on one server: an employee, a customer who buys with the
 * employee's code, and the admin. Each browser has its own storage; only the
 * server joins them.
 */

const browser = setupBrowser()
const server = setupLetterheadServer(4368)

const stat = (page: Page, label: string) => page.getByRole('group', { name: label })

async function open(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url() })
  return { context, page: await context.newPage() }
}

describe('a sale made with an employee’s code, seen by three browsers', () => {
  it('reaches the employee’s portal without a reload and the admin’s totals; a declined card changes nothing', async () => {
    const employee = await open()
    await signUp(employee.page, newAccount('three-employee'), 'employee')
    await expectDashboard(employee.page, 'Employee')
    const code = (await employee.page.getByTestId('coupon-code').textContent())?.trim() ?? ''
    expect(code).toMatch(/^EMP[A-Z0-9]{6}$/)
    await visible(stat(employee.page, 'Total Referrals').getByText('0', { exact: true }))

    const admin = await open()
    await submitAdminSignUp(admin.page, newAccount('three-admin'))
    await expectDashboard(admin.page, 'Admin')
    await visible(stat(admin.page, 'Total Revenue').getByText('$0.00'))

    const customer = await open()
    await signUp(customer.page, newAccount('three-customer'))
    await expectDashboard(customer.page, 'User')
    await selectPlan(customer.page, 'Annual 4 Letters')
    await customer.page.getByLabel('Coupon Code').fill(code)
    await customer.page.getByRole('button', { name: 'Apply' }).click()
    await customer.page.getByRole('button', { name: 'Remove' }).waitFor()
    await customer.page.getByRole('button', { name: 'Continue to Payment' }).click()

    // A declined card: nothing is bought, anywhere.
    await fillCard(customer.page, { number: '4000000000000002' })
    await customer.page.getByRole('button', { name: 'Pay $239.20' }).click()
    await visible(
      customer.page.getByRole('alert').filter({ hasText: 'Payment failed. Please try again.' }),
    )
    await admin.page.reload()
    await visible(stat(admin.page, 'Total Revenue').getByText('$0.00'))
    await visible(stat(employee.page, 'Total Referrals').getByText('0', { exact: true }))

    await fillCard(customer.page)
    await customer.page.getByRole('button', { name: 'Pay $239.20' }).click()
    await customer.page
      .getByRole('heading', { name: 'Payment Successful' })
      .waitFor({ timeout: 15_000 })

    // The employee's portal, open all along in its own browser, shows the sale by itself.
    await visible(stat(employee.page, 'Total Referrals').getByText('1', { exact: true }))
    await visible(stat(employee.page, 'Total Earnings').getByText('$11.96'))
    await visible(stat(employee.page, 'Avg per Referral').getByText('$11.96'))
    const row = employee.page.getByRole('row').filter({ hasText: 'Annual 4 Letters' })
    await visible(row.getByText('$239.20'))
    await visible(row.getByText('Pending'))
    await screenshot(employee.page, 'three-browsers-employee')

    await admin.page.reload()
    await visible(stat(admin.page, 'Total Revenue').getByText('$239.20'))
    await admin.page.getByRole('tab', { name: 'Subscriptions' }).click()
    await visible(admin.page.getByText('$59.80 (20%)'))
    await screenshot(admin.page, 'three-browsers-admin')

    for (const { context } of [employee, admin, customer]) await context.close()
  })

  it('a contact message sent offline reaches the admin’s Messages tab once the visitor is back online', async () => {
    const visitor = await open()
    await visitor.page.goto('/#contact')
    const form = visitor.page.getByRole('form', { name: 'Contact' })
    await visible(form.getByRole('button', { name: 'Send Message' }))
    // Offline after the first visit has been kept for offline use, as a returning visitor's is.
    await waitForServiceWorker(visitor.page)
    await visitor.context.setOffline(true)
    await form.getByLabel('Name').fill('Grace Visitor')
    await form.getByLabel('Email').fill('grace@example.com')
    await form.getByLabel('Subject').fill('Letters in French, sent offline')
    await form.getByLabel('Message').fill('Do you write letters in French?')
    await form.getByRole('button', { name: 'Send Message' }).click()
    await visible(visitor.page.getByText('Thank you — your message has been sent.'))
    await visitor.context.setOffline(false)

    const admin = await open()
    await submitAdminSignUp(admin.page, newAccount('three-admin-inbox'))
    await expectDashboard(admin.page, 'Admin')
    await admin.page.getByRole('tab', { name: 'Messages' }).click()
    const subject = admin.page.getByText('Letters in French, sent offline')
    await expect
      .poll(
        async () => {
          if ((await subject.count()) > 0) return true
          await admin.page.reload()
          await admin.page.getByRole('tab', { name: 'Messages' }).click()
          return (await subject.count()) > 0
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe(true)
    expect(await subject.count()).toBe(1)
    await screenshot(admin.page, 'three-browsers-admin-messages')
    for (const { context } of [visitor, admin]) await context.close()
  })
})
