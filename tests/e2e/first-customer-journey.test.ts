import type { BrowserContext, Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  E2E_ADMIN_SECRET,
  expectDashboard,
  newAccount,
  signIn,
  signOut,
  signUp,
} from './support/accounts'
import { buyPlan, GOOD_CARD } from './support/billing'
import { screenshot, setupBrowser } from './support/browser'
import { downloadFrom } from './support/downloads'
import { generateLetter, SAMPLE_ANSWERS, waitForGenerated } from './support/letters'
import { visible } from './support/wait'

/**
 * A new customer's whole path, landing → pricing → sign up → checkout →
 * first letter → download, at a desktop's and a phone's width: no step back,
 * nothing typed lost (a paste past a limit, a reload, a closed tab), payment
 * errors that clear, toasts clear of the header and the checkout's steps,
 * and tables that fit or say they scroll. Clicks are counted.
 */

const browser = setupBrowser()

const SCREENS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, phone: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, phone: true },
] as const
type Screen = (typeof SCREENS)[number]

/** The draft is read from IndexedDB as the form opens; on a busy machine that takes a moment. */
const POLL = { timeout: 10_000 }

const newContext = (screen: Screen) =>
  browser.newContext({
    viewport: screen.viewport,
    ...(screen.phone ? { hasTouch: true, isMobile: true } : {}),
    acceptDownloads: true,
    // Toasts stand still where they end up, so their place is measured, not a frame of their entry.
    reducedMotion: 'reduce',
  })

/** Counts the person's clicks (and taps) along the way. */
function clickCounter() {
  let clicks = 0
  return {
    click: async (target: Locator) => {
      clicks += 1
      await target.click()
    },
    /** Clicks made inside a helper. */
    add: (n: number) => {
      clicks += n
    },
    count: () => clicks,
  }
}

type Box = { x: number; y: number; width: number; height: number }
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** Where the newest toast sits: at the bottom, clear of the header and `also`, on a phone; top-right on a desktop. */
async function expectToastPlaced(page: Page, screen: Screen, text: string, also?: Locator) {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text })
  await visible(toast)
  // Placed once it has entered (without motion, at once).
  await expect.poll(() => toast.getAttribute('data-mounted'), POLL).toBe('true')
  const box = await toast.boundingBox()
  const header = await page.getByRole('banner').boundingBox()
  if (!box || !header) throw new Error('The toast or the header has no box')
  const { width, height } = screen.viewport
  if (screen.phone) {
    expect(box.y + box.height).toBeGreaterThan(height * 0.75)
    expect(overlaps(box, header)).toBe(false)
    const other = also ? await also.boundingBox() : null
    if (other) expect(overlaps(box, other)).toBe(false)
  } else {
    expect(box.y).toBeLessThan(height * 0.25)
    expect(box.x + box.width).toBeGreaterThan(width * 0.75)
  }
}

/** The page does not scroll sideways: everything fits its width. */
async function expectNoSidewaysScroll(page: Page) {
  const [scrollWidth, clientWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ])
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth)
}

async function fillCardWith(page: Page, expiry: string) {
  await page.getByLabel('Card Number').pressSequentially(GOOD_CARD.number)
  await page.getByLabel('Expiry Date').pressSequentially(expiry)
  await page.getByLabel('CVV').fill(GOOD_CARD.cvv)
  await page.getByLabel('Cardholder Name').fill(GOOD_CARD.name)
}

const EXPIRED = 'This card has expired. Please use a different card.'
const MATTER_LIMIT_MESSAGE = 'Matter/Subject must be at most 200 characters'

async function fillFirstLetter(page: Page) {
  await page.getByLabel('Your Address').fill(SAMPLE_ANSWERS.senderAddress)
  await page.getByLabel('Recipient Name').fill(SAMPLE_ANSWERS.recipientName)
  await page.getByLabel('Recipient Address').fill(SAMPLE_ANSWERS.recipientAddress)
  await page.getByLabel('Desired Resolution').fill(SAMPLE_ANSWERS.resolution)
}

/** Opens `path` in a new tab of `context` and waits for the dashboard's form. */
async function reopen(context: BrowserContext, path: string) {
  const page = await context.newPage()
  await page.goto(path)
  await visible(page.getByLabel('Matter/Subject'))
  return page
}

describe.each(SCREENS)('a new customer on $name', (screen) => {
  it('goes from / to a downloaded first letter with no step back and nothing lost', async () => {
    const context = await newContext(screen)
    let page = await context.newPage()
    const { click, add, count } = clickCounter()
    await page.goto('/')

    // Prices up front: a plan chosen on / leads to Sign Up, then straight to its checkout.
    const plan = page
      .locator('#pricing li')
      .filter({ has: page.getByRole('heading', { name: 'Annual 4 Letters', level: 3 }) })
      .getByRole('link', { name: 'Select Plan' })
    await plan.scrollIntoViewIfNeeded()
    await click(plan)
    await page.waitForURL('**/auth?tab=signup&plan=annual4')
    const account = newAccount(`journey-${screen.name}`)
    await page.getByLabel('Full Name').fill(account.fullName)
    await page.getByLabel('Email').fill(account.email)
    await page.getByLabel('Password').fill(account.password)
    await click(page.getByRole('button', { name: 'Create Account' }))
    await visible(page.getByRole('heading', { name: 'Order Summary' }))
    await click(page.getByRole('button', { name: 'Continue to Payment' }))

    // A card past its expiry is refused; the message goes as soon as the expiry changes.
    await fillCardWith(page, '0120')
    await click(page.getByRole('button', { name: /^Pay / }))
    await visible(page.getByText(EXPIRED))
    await screenshot(page, `journey-card-expired-${screen.name}`)
    await page.getByLabel('Expiry Date').fill('')
    await expect.poll(() => page.getByText(EXPIRED).count(), POLL).toBe(0)
    await page.getByLabel('Expiry Date').pressSequentially(GOOD_CARD.expiry)
    await click(page.getByRole('button', { name: /^Pay / }))
    await visible(page.getByRole('heading', { name: 'Payment Successful' }))
    await expectToastPlaced(
      page,
      screen,
      'Payment successful!',
      page.getByRole('list', { name: 'Checkout steps' }),
    )
    await screenshot(page, `journey-paid-${screen.name}`)

    // The first letter. A paste past Matter/Subject's limit stays whole, is named, and is not sent.
    await click(page.getByRole('tab', { name: 'Generate Letter' }))
    await fillFirstLetter(page)
    const matter = page.getByLabel('Matter/Subject')
    const pasted = `${SAMPLE_ANSWERS.matter}: ${'and the late fees agreed in the contract '.repeat(6)}`
    await matter.fill(pasted)
    await visible(page.getByText(`${pasted.length - 200} characters over the limit`))
    await click(page.getByRole('button', { name: 'Generate Legal Letter' }))
    await visible(page.getByText(MATTER_LIMIT_MESSAGE))
    expect(await matter.inputValue()).toBe(pasted)
    expect(await page.getByRole('dialog').count()).toBe(0)
    await screenshot(page, `journey-matter-over-limit-${screen.name}`)
    await matter.fill(SAMPLE_ANSWERS.matter)
    await page.getByLabel('Letter Type').selectOption('Cease and Desist')

    // A reload, then a tab closed without warning: every answer comes back.
    // The draft is written a moment after the last change.
    await page.waitForTimeout(1_000)
    await page.reload()
    await expect
      .poll(() => page.getByLabel('Matter/Subject').inputValue(), POLL)
      .toBe(SAMPLE_ANSWERS.matter)
    expect(await page.getByLabel('Letter Type').inputValue()).toBe('Cease and Desist')
    expect(await page.getByLabel('Recipient Name').inputValue()).toBe(SAMPLE_ANSWERS.recipientName)
    await page.getByLabel('Recipient Name').fill('Karen Whitfield')
    await visible(page.getByText('Draft saved on this device.'))
    await page.waitForTimeout(1_000)
    await page.close({ runBeforeUnload: false })
    page = await reopen(context, '/app?tab=generate')
    await expect
      .poll(() => page.getByLabel('Recipient Name').inputValue(), POLL)
      .toBe('Karen Whitfield')
    expect(await page.getByLabel('Desired Resolution').inputValue()).toBe(SAMPLE_ANSWERS.resolution)
    await screenshot(page, `journey-draft-restored-${screen.name}`)

    await click(page.getByRole('button', { name: 'Generate Legal Letter' }))
    await page.getByRole('region', { name: 'Letter' }).waitFor({ timeout: 30_000 })
    await expectToastPlaced(page, screen, 'Legal letter generated successfully!')
    await screenshot(page, `journey-letter-${screen.name}`)
    // Download, then the menu's Text item.
    add(2)
    const file = await downloadFrom(page, page, 'Text (.txt)')
    const text = new TextDecoder().decode(file.bytes)
    expect(text).toContain('Karen Whitfield')
    expect(text).toContain(SAMPLE_ANSWERS.matter)

    // The draft went with the written letter: a new letter starts afresh.
    page = await reopen(context, '/app?tab=generate')
    await page.waitForTimeout(500)
    expect(await page.getByLabel('Matter/Subject').inputValue()).toBe('')
    await expectNoSidewaysScroll(page)
    console.info(`Clicks from / to a downloaded first letter (${screen.name}): ${count()}`)
    expect(count()).toBeLessThanOrEqual(12)
    await context.close()
  })

  it('fits the dashboard’s tabs, and shows tables whole, as cards, or in a frame that scrolls', async () => {
    // Set up at a desktop's width: an employee whose coupon a customer used, so Commission has a row.
    const context = await newContext(SCREENS[0])
    const page = await context.newPage()
    const employee = newAccount(`tables-employee-${screen.name}`)
    await signUp(page, employee, 'employee')
    await expectDashboard(page, 'Employee')
    const code = (await (await visible(page.getByTestId('coupon-code'))).textContent()) ?? ''
    await signOut(page)
    await signUp(page, newAccount(`tables-customer-${screen.name}`))
    await expectDashboard(page, 'User')
    await buyPlan(page, 'Single Letter', code)
    // Long answers, so the admin's Letters table has wide cells to fit.
    await generateLetter(page, {
      ...SAMPLE_ANSWERS,
      recipientName: 'Bartholomew Featherstonehaugh-Cholmondeley, Whitfield Home Goods LLC',
      matter: `${SAMPLE_ANSWERS.matter}, with the late fees agreed in clause 14 of the services agreement`,
    })
    await waitForGenerated(page)
    await signOut(page)
    await signIn(page, employee.email, employee.password)
    await expectDashboard(page, 'Employee')
    await page.setViewportSize(screen.viewport)

    const commissions = page.getByRole('table').first()
    await visible(commissions)
    await expectNoSidewaysScroll(page)
    if (screen.phone) {
      // Each row a card: the column names are its labels.
      const label = await commissions
        .locator('td[data-label]')
        .first()
        .evaluate((cell) => getComputedStyle(cell, '::before').content)
      expect(label).not.toBe('none')
    }
    const commission = page.getByRole('cell').filter({ hasText: /^\$\d/ }).first()
    await visible(commission)
    const box = await commission.boundingBox()
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(screen.viewport.width)
    await screenshot(page, `journey-employee-table-${screen.name}`)
    await page.setViewportSize(SCREENS[0].viewport)
    await signOut(page)
    await page.setViewportSize(screen.viewport)

    await page.goto('/auth')
    await page.getByRole('button', { name: 'Admin Access' }).click()
    const admin = newAccount(`tables-admin-${screen.name}`)
    await page.getByLabel('Full Name').fill(admin.fullName)
    await page.getByLabel('Email').fill(admin.email)
    await page.getByLabel('Password', { exact: true }).fill(admin.password)
    await page.getByLabel('Admin Secret Key').fill(E2E_ADMIN_SECRET)
    await page.getByRole('button', { name: 'Create Admin Account' }).click()
    await expectDashboard(page, 'Admin')
    for (const name of ['Letters', 'Messages', 'Errors']) {
      const tab = page.getByRole('tab', { name })
      await tab.click()
      await visible(page.getByRole('table'))
      // The chosen tab is scrolled into view, whole.
      const [tabBox, listBox] = await Promise.all([
        tab.boundingBox(),
        page.getByRole('tablist').first().boundingBox(),
      ])
      if (!tabBox || !listBox) throw new Error('No tab box')
      expect(tabBox.x).toBeGreaterThanOrEqual(listBox.x - 1)
      expect(tabBox.x + tabBox.width).toBeLessThanOrEqual(listBox.x + listBox.width + 1)
      await expectNoSidewaysScroll(page)
    }
    await page.getByRole('tab', { name: 'Letters' }).click()
    const table = page.getByRole('table')
    await visible(table.getByRole('cell', { name: /Featherstonehaugh/ }))
    if (!screen.phone) {
      // On a desktop every column of the Letters table is in view.
      const frame = await table.evaluate((element) => {
        const box = (element.parentElement ?? element).getBoundingClientRect()
        return { left: box.left, right: box.right }
      })
      for (const header of await table.getByRole('columnheader').all()) {
        const box = await header.boundingBox()
        if (!box) throw new Error('A column header has no box')
        expect(box.x).toBeGreaterThanOrEqual(frame.left - 1)
        expect(box.x + box.width).toBeLessThanOrEqual(frame.right + 1)
      }
    }
    await screenshot(page, `journey-admin-letters-${screen.name}`)
    await context.close()
  })
})

describe('the user dashboard’s tabs on a phone', () => {
  it('fit side by side without scrolling', async () => {
    const context = await newContext(SCREENS[1])
    const page = await context.newPage()
    await signUp(page, newAccount('tabs-phone'))
    await expectDashboard(page, 'User')
    const list = page.getByRole('tablist', { name: /dashboard/i })
    const fits = await list.evaluate((element) => element.scrollWidth <= element.clientWidth)
    expect(fits).toBe(true)
    await context.close()
  })
})
