import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectDashboard, newAccount, signUp } from './support/accounts'
import { fillCard, selectPlan } from './support/billing'
import { screenshot, setupBrowser } from './support/browser'
import { visible } from './support/wait'

const browser = setupBrowser()

const PHONE = { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true } as const

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  )
}

describe('on a small phone', () => {
  it('fits checkout, settings and the employee portal without sideways scrolling', async () => {
    const context = await browser.newContext(PHONE)
    const page = await context.newPage()
    await signUp(page, newAccount('pocket'))
    await expectDashboard(page, 'User')
    await expectNoSidewaysScroll(page)

    await page.getByRole('tab', { name: 'Subscription' }).click()
    await visible(page.getByRole('heading', { name: 'Annual 8 Letters' }))
    await screenshot(page, 'plans-phone')
    await expectNoSidewaysScroll(page)

    await selectPlan(page, 'Annual 4 Letters')
    await page.getByRole('button', { name: 'Continue to Payment' }).click()
    await fillCard(page)
    await screenshot(page, 'checkout-payment-phone')
    await expectNoSidewaysScroll(page)

    await page.getByRole('button', { name: 'Settings' }).click()
    await page.waitForURL('**/app/settings')
    await visible(page.getByRole('button', { name: 'Export Backup' }))
    await screenshot(page, 'settings-phone')
    await expectNoSidewaysScroll(page)
    await context.close()

    const employeeContext = await browser.newContext({ ...PHONE, colorScheme: 'dark' })
    const employeePage = await employeeContext.newPage()
    await signUp(employeePage, newAccount('pocket-seller'), 'employee')
    await expectDashboard(employeePage, 'Employee')
    await screenshot(employeePage, 'employee-portal-phone-dark')
    await expectNoSidewaysScroll(employeePage)
    await employeeContext.close()
  })
})
