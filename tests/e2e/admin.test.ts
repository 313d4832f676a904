import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectDashboard, newAccount, signOut, signUp, submitAdminSignUp } from './support/accounts'
import { buyPlan } from './support/billing'
import { screenshot, setupBrowser } from './support/browser'
import { SAMPLE_ANSWERS, generateLetter, waitForGenerated } from './support/letters'
import { visible } from './support/wait'

const browser = setupBrowser()

async function signUpAdmin(page: Page) {
  await submitAdminSignUp(page, newAccount('admin'))
  await page.waitForURL('**/app/admin')
  await visible(page.getByRole('heading', { name: 'Admin Dashboard' }))
}

/** Test setup only: many contact messages at once, straight into the page's IndexedDB. */
async function addMessages(page: Page, count: number) {
  await page.evaluate(
    (total) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('letterhead')
        open.onerror = () => reject(open.error ?? new Error('open failed'))
        open.onsuccess = () => {
          const tx = open.result.transaction('messages', 'readwrite')
          for (let index = 0; index < total; index++) {
            const at = new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString()
            tx.objectStore('messages').add({
              id: `paging-${index}`,
              name: `Reader ${index}`,
              email: `reader${index}@example.com`,
              subject: `Paging message ${String(index).padStart(2, '0')}`,
              message: 'Do you offer discounts for charities?',
              createdAt: at,
              updatedAt: at,
            })
          }
          tx.oncomplete = () => {
            open.result.close()
            resolve()
          }
          tx.onerror = () => reject(tx.error ?? new Error('write failed'))
        }
      }),
    count,
  )
}

const stat = (page: Page, name: string) => page.getByRole('group', { name })
const table = (page: Page) => page.getByRole('tabpanel').getByRole('table')
/** Lets the selected tab's colour transition finish, so screenshots show the settled page. */
const settle = (page: Page) => page.waitForTimeout(300)
const noPageScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

describe('admin dashboard', () => {
  it('shows an admin the totals and every table, with search, sorting and paging in the URL', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()

    const employee = newAccount('seller')
    await signUp(page, employee, 'employee')
    await expectDashboard(page, 'Employee')
    const code = (await (await visible(page.getByTestId('coupon-code'))).textContent()) ?? ''
    await signOut(page)

    const buyer = newAccount('buyer')
    await signUp(page, buyer)
    await expectDashboard(page, 'User')
    await buyPlan(page, 'Single Letter', code)
    await generateLetter(page, { ...SAMPLE_ANSWERS, matter: 'Unpaid invoice #2041' })
    await waitForGenerated(page)
    await signOut(page)
    const reader = newAccount('reader')
    await signUp(page, reader)
    await expectDashboard(page, 'User')
    await signOut(page)
    // The diagnostics build can crash on purpose; the error screen records it for the admin.
    await page.goto('/diagnostics/crash')
    await visible(page.getByRole('heading', { name: 'Something went wrong' }))

    await signUpAdmin(page)
    await visible(stat(page, 'Total Users').getByText('2', { exact: true }))
    await visible(stat(page, 'Employees').getByText('1', { exact: true }))
    await visible(stat(page, 'Total Letters').getByText('1', { exact: true }))
    await visible(stat(page, 'Total Revenue').getByText('$239.20'))
    await visible(table(page).getByRole('cell', { name: buyer.email }))
    await visible(table(page).getByRole('cell', { name: reader.email }))
    // Each user's letters, as the repository keeps count of them.
    const lettersOf = (email: string) =>
      table(page).getByRole('row').filter({ hasText: email }).getByRole('cell').nth(2)
    expect(await lettersOf(buyer.email).textContent()).toBe('1')
    expect(await lettersOf(reader.email).textContent()).toBe('0')
    await settle(page)
    await screenshot(page, 'admin-desktop')

    await page.getByLabel('Search users').fill(reader.email.slice(0, 8).toUpperCase())
    await page.waitForURL(/q=READER/)
    await expect.poll(() => table(page).getByRole('row').count()).toBe(2)
    await visible(page.getByText('Showing 1–1 of 1'))

    await page.getByRole('tab', { name: 'Employees' }).click()
    const seller = table(page).getByRole('row').filter({ hasText: employee.email })
    await visible(seller.getByRole('cell', { name: code }))
    await visible(seller.getByRole('cell', { name: '$11.96' }))

    await page.getByRole('tab', { name: 'Letters' }).click()
    const letter = table(page).getByRole('row').filter({ hasText: 'Unpaid invoice #2041' })
    await visible(letter.getByRole('cell', { name: buyer.email }))
    await visible(letter.getByText('Ready', { exact: true }))

    await page.getByRole('tab', { name: 'Subscriptions' }).click()
    const sale = table(page).getByRole('row').filter({ hasText: buyer.email })
    for (const text of ['Single Letter', '$239.20', '$59.80 (20%)', code])
      await visible(sale.getByRole('cell', { name: text, exact: true }))

    await page.getByRole('tab', { name: 'Errors' }).click()
    const crash = table(page).getByRole('row').filter({ hasText: '/diagnostics/crash' })
    await visible(crash.getByText('Diagnostics: deliberate render crash'))
    await crash.getByText('Stack', { exact: true }).click()
    await visible(crash.locator('pre'))

    await addMessages(page, 30)
    await page.goto('/app/admin?tab=messages')
    await visible(page.getByText('Showing 1–25 of 30'))
    await visible(page.getByText('Page 1 of 2'))
    await page.getByRole('button', { name: 'Next' }).click()
    await visible(page.getByText('Showing 26–30 of 30'))
    expect(page.url()).toContain('page=2')
    await page.reload()
    await visible(page.getByText('Page 2 of 2'))

    const subject = page.getByRole('columnheader', { name: 'Subject' })
    await subject.getByRole('button').click()
    await page.waitForURL(/sort=subject/)
    await expect.poll(() => subject.getAttribute('aria-sort')).toBe('ascending')
    await visible(page.getByText('Page 1 of 2'))
    await visible(table(page).getByRole('row').nth(1).getByText('Paging message 00'))
    await subject.getByRole('button').click()
    await expect.poll(() => subject.getAttribute('aria-sort')).toBe('descending')
    await visible(table(page).getByRole('row').nth(1).getByText('Paging message 29'))
    await screenshot(page, 'admin-desktop-messages')

    await page.getByLabel('Search messages').fill('message 07')
    await visible(page.getByText('Showing 1–1 of 1'))
    await page.getByLabel('Search messages').fill('nothing like this')
    await visible(page.getByText('No messages match “nothing like this”.'))

    await page.getByRole('tab', { name: 'Letters' }).click()
    await page.setViewportSize({ width: 390, height: 844 })
    await visible(letter)
    expect(await noPageScroll(page)).toBe(true)
    await settle(page)
    await screenshot(page, 'admin-phone')

    await page.emulateMedia({ colorScheme: 'dark' })
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.getByRole('tab', { name: 'Subscriptions' }).click()
    await visible(sale)
    await settle(page)
    await screenshot(page, 'admin-desktop-dark')
    await context.close()
  })

  it('sends a user and an employee from /app/admin to their own dashboard, with no admin data', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    for (const role of ['user', 'employee'] as const) {
      await signUp(page, newAccount(role), role)
      await expectDashboard(page, role === 'user' ? 'User' : 'Employee')
      await page.goto('/app/admin?tab=subscriptions')
      await expectDashboard(page, role === 'user' ? 'User' : 'Employee')
      expect(await page.getByText('Admin Dashboard').count()).toBe(0)
      expect(await page.getByText('Total Revenue').count()).toBe(0)
      await signOut(page)
    }
    await page.goto('/app/admin')
    await page.waitForURL('**/auth?redirect=*')
    await context.close()
  })

  it('opens /app and /old on the admin dashboard for an admin', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await signUpAdmin(page)
    await page.goto('/app')
    await page.waitForURL('**/app/admin')
    await page.goto('/old')
    await visible(page.getByRole('heading', { name: 'Admin Dashboard' }))
    await page.getByRole('tab', { name: 'Messages' }).click()
    await visible(page.getByLabel('Search messages'))
    // No seeding button outside development builds.
    expect(await page.getByRole('button', { name: 'Seed demo data' }).count()).toBe(0)
    await context.close()
  })

  it('shows a message sent from the landing page in the Messages tab', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto('/')
    const contact = page.locator('section#contact')
    await contact.getByLabel('Name').fill('Grace Hopper')
    await contact.getByLabel('Email').fill('grace@example.com')
    await contact.getByLabel('Subject').fill('Plans for a law clinic')
    await contact.getByLabel('Message').fill('Do you offer a plan for a university law clinic?')
    await contact.getByRole('button', { name: 'Send Message' }).click()
    await expect.poll(() => contact.getByLabel('Subject').inputValue()).toBe('')

    await signUpAdmin(page)
    await page.getByRole('tab', { name: 'Messages' }).click()
    const row = table(page).getByRole('row').filter({ hasText: 'Plans for a law clinic' })
    await visible(row.getByText('grace@example.com'))
    await visible(row.getByText('Do you offer a plan for a university law clinic?'))
    await context.close()
  })
})
