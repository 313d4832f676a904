import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { newAccount, signUp } from './support/accounts'
import { screenshot, setupBrowser } from './support/browser'
import { readTable } from './support/indexeddb'
import { visible } from './support/wait'

const browser = setupBrowser()

const DESKTOP = { width: 1280, height: 800 }

async function firstVisit(path = '/') {
  const context = await browser.newContext({ viewport: DESKTOP })
  const page = await context.newPage()
  await page.goto(path)
  await page.locator('main h1').waitFor()
  return { context, page }
}

const scriptsRun = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((pathname) => pathname.endsWith('.js')),
  )

const databases = (page: Page) =>
  page.evaluate(async () => (await indexedDB.databases()).map((info) => info.name))

/** Set in the page; still there afterwards only if the page was never reloaded. */
const markDocument = (page: Page) =>
  page.evaluate(() => Object.assign(window, { sameDocument: true }))
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true)

describe('a first visit to the landing page', () => {
  it('loads neither the app nor the database code, and creates no database', async () => {
    const { context, page } = await firstVisit()
    await page.waitForLoadState('networkidle')
    const scripts = await scriptsRun(page)
    expect(scripts.some((path) => /\/start-landing-[\w-]+\.js$/.test(path))).toBe(true)
    expect(
      scripts.filter((path) => /\/(start-app|open-repository)-[\w-]+\.js$/.test(path)),
    ).toEqual([])
    expect(await databases(page)).not.toContain('letterhead')
    await context.close()
  })

  it('hands over to the app when a link is followed, without reloading, and Back returns', async () => {
    const { context, page } = await firstVisit()
    await markDocument(page)
    await page.getByRole('link', { name: 'Start a letter' }).click()
    await page.waitForURL('**/auth?tab=signup')
    await visible(page.getByRole('tab', { name: 'Sign Up' }))
    expect(await sameDocument(page)).toBe(true)
    // As after any move to another page, focus starts at the new page's main content.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN')

    await page.goBack()
    await page.waitForURL((url) => url.pathname === '/')
    await visible(page.getByRole('heading', { level: 1 }))
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click()
    await page.waitForURL('**/auth?tab=login')
    expect(await sameDocument(page)).toBe(true)
    await context.close()
  })

  it('keeps a link a real link: a modified click is left to the browser', async () => {
    const { context, page } = await firstVisit()
    const opened = context.waitForEvent('page')
    await page.getByRole('link', { name: 'Start a letter' }).click({ modifiers: ['Control'] })
    const tab = await opened
    await tab.waitForURL('**/auth?tab=signup')
    expect(new URL(page.url()).pathname).toBe('/')
    await context.close()
  })

  it('turns into the signed-in landing page when someone signs in from another tab', async () => {
    const { context, page } = await firstVisit()
    const other = await context.newPage()
    await signUp(other, newAccount('elsewhere'))
    await other.waitForURL('**/app')
    // This tab comes back into view.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
    const header = page.getByRole('banner')
    await visible(header.getByRole('link', { name: 'Dashboard' }))
    expect(await header.getByRole('link', { name: 'Sign In' }).count()).toBe(0)
    await context.close()
  })

  it('keeps every character typed into the contact form while its checks load', async () => {
    const { context, page } = await firstVisit('/#contact')
    const form = page.getByRole('form', { name: 'Contact' })
    await form.getByLabel('Name').focus()
    await page.keyboard.type('Grace Hopper', { delay: 2 })
    await page.keyboard.press('Tab')
    await page.keyboard.type('grace@example.com', { delay: 2 })
    await page.keyboard.press('Tab')
    await page.keyboard.type('Plans for a clinic', { delay: 2 })
    await page.keyboard.press('Tab')
    await page.keyboard.type('Do you offer one?', { delay: 2 })
    expect(await form.getByLabel('Name').inputValue()).toBe('Grace Hopper')
    expect(await form.getByLabel('Email').inputValue()).toBe('grace@example.com')
    expect(await form.getByLabel('Message').inputValue()).toBe('Do you offer one?')
    await screenshot(page, 'landing-contact-typed')
    await page.keyboard.press('Enter') // in the textarea: a new line, not a submit
    await form.getByRole('button', { name: 'Send Message' }).click()
    await visible(page.getByText('Thank you — your message has been sent.'))
    const rows = await readTable(page, 'messages')
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ name: 'Grace Hopper', subject: 'Plans for a clinic' })
    await context.close()
  })
})
