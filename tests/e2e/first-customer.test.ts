import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { type Account, newAccount } from './support/accounts'
import { screenshot, setupBrowser } from './support/browser'
import { landingLive, visible } from './support/wait'

const browser = setupBrowser()

const SCREENS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, phone: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, phone: true },
] as const

type Screen = (typeof SCREENS)[number]

async function openAt(screen: Screen, path: string) {
  const context = await browser.newContext({
    viewport: screen.viewport,
    ...(screen.phone ? { hasTouch: true, isMobile: true } : {}),
  })
  const page = await context.newPage()
  await page.goto(path)
  if (path === '/') await landingLive(page)
  await page.locator('main h1').waitFor()
  return { context, page }
}

/** The Select Plan link on one plan's card in the pricing section of `/`. */
function selectPlanOn(page: Page, plan: string) {
  return page
    .locator('#pricing li')
    .filter({ has: page.getByRole('heading', { name: plan, exact: true, level: 3 }) })
    .getByRole('link', { name: 'Select Plan' })
}

/** The header's account links: in the bar on a desktop, behind Menu on a phone. */
async function headerLink(page: Page, screen: Screen, name: 'Sign In' | 'Get Started') {
  const header = page.getByRole('banner')
  if (screen.phone) await header.getByRole('button', { name: /Menu/ }).click()
  return visible(header.getByRole('link', { name }))
}

async function createAccount(page: Page, account: Account) {
  await page.getByLabel('Full Name').fill(account.fullName)
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Create Account' }).click()
}

/** The checkout is open at Order Summary, for `plan`. */
async function expectCheckoutOf(page: Page, plan: string) {
  await page.waitForURL('**/app?tab=subscription')
  const panel = page.getByRole('tabpanel', { name: 'Subscription' })
  await visible(panel.getByRole('heading', { name: 'Order Summary' }))
  await visible(panel.getByText(plan).first())
  expect(await panel.getByRole('button', { name: 'Select Plan' }).count()).toBe(0)
}

/** The level-one headings' texts on the page. */
const h1Texts = (page: Page) => page.locator('h1').allTextContents()

describe.each(SCREENS)('the first customer on $name', (screen) => {
  it('chooses a plan on /, signs up, and lands on that plan’s checkout', async () => {
    const { context, page } = await openAt(screen, '/')
    const selectPlan = selectPlanOn(page, 'Annual 8 Letters')
    await selectPlan.scrollIntoViewIfNeeded()
    await visible(selectPlan)
    await selectPlan.click()
    await page.waitForURL('**/auth?tab=signup&plan=annual8')
    expect(await page.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe(
      'true',
    )
    await createAccount(page, newAccount(`first-${screen.name}`))
    await expectCheckoutOf(page, 'Annual 8 Letters')
    await screenshot(page, `first-customer-checkout-${screen.name}`)

    // Signed in now, Select Plan on / goes straight to that plan's checkout.
    await page.goto('/')
    await landingLive(page)
    const single = selectPlanOn(page, 'Single Letter')
    await single.scrollIntoViewIfNeeded()
    await single.click()
    await expectCheckoutOf(page, 'Single Letter')
    await context.close()
  })

  it('opens Sign Up from Get Started and Start a letter, and Login from Sign In', async () => {
    const { context, page } = await openAt(screen, '/')
    await (await headerLink(page, screen, 'Get Started')).click()
    await page.waitForURL('**/auth?tab=signup')
    await visible(page.getByRole('form', { name: 'Sign up' }))

    await page.goto('/')
    await page.getByRole('link', { name: 'Start a letter' }).click()
    await page.waitForURL('**/auth?tab=signup')
    await visible(page.getByRole('button', { name: 'Create Account' }))

    await page.goto('/')
    await (await headerLink(page, screen, 'Sign In')).click()
    await page.waitForURL('**/auth?tab=login')
    expect(await page.getByRole('tab', { name: 'Login' }).getAttribute('aria-selected')).toBe(
      'true',
    )
    await context.close()
  })

  it('gives /auth one level-one heading that follows the tab, kept in the URL', async () => {
    const { context, page } = await openAt(screen, '/')
    await page.goto('/auth')
    await visible(page.getByRole('tab', { name: 'Login' }))
    await expect.poll(() => h1Texts(page)).toEqual(['Sign in to Letterhead'])
    await page.getByRole('tab', { name: 'Sign Up' }).click()
    await page.waitForURL('**/auth?tab=signup')
    await expect.poll(() => h1Texts(page)).toEqual(['Create your Letterhead account'])
    // Switching tabs replaced the entry: Back leaves the page rather than stepping through tabs.
    await page.goBack()
    await page.waitForURL((url) => url.pathname === '/')

    await page.goto('/auth?tab=signup')
    await visible(page.getByRole('form', { name: 'Sign up' }))
    expect(await h1Texts(page)).toEqual(['Create your Letterhead account'])
    await context.close()
  })
})
