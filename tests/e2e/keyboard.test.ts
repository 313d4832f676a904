import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectDashboard, newAccount } from './support/accounts'
import { GOOD_CARD } from './support/billing'
import { screenshot, setupBrowser } from './support/browser'
import {
  BODY,
  describeFocus,
  expectFocusVisible,
  hasFocus,
  pressAndExpectFocus,
  tabTo,
} from './support/keyboard'
import { SAMPLE_ANSWERS } from './support/letters'
import { landingLive, visible } from './support/wait'

const browser = setupBrowser()

/** Tabs to a field and types into it, as a person would. */
async function typeInto(page: Page, label: string, text: string) {
  await tabTo(page, page.getByLabel(label, { exact: true }))
  await page.keyboard.type(text)
}

/** Focus must land somewhere the person can carry on from, never back on the page body. */
async function expectFocusKept(page: Page, after: string) {
  expect(await describeFocus(page), `focus after ${after}`).not.toBe(BODY)
}

/** After a move to another page, focus starts at its main content, so the next Tab starts there. */
async function expectFocusAtPageStart(page: Page) {
  await expect
    .poll(() => describeFocus(page), { timeout: 2_000, message: 'focus at the new page' })
    .toBe('main')
}

/** Waits for `target` to show, then fails unless it has focus. */
async function expectFocusOn(page: Page, target: Locator) {
  await visible(target)
  await expect
    .poll(() => hasFocus(target), { timeout: 2_000, message: `focus on ${target.toString()}` })
    .toBe(true)
}

describe('keyboard only', () => {
  it('signs up, buys a plan, writes, opens and downloads a letter, and signs out', async () => {
    const context = await browser.newContext({
      acceptDownloads: true,
      viewport: { width: 1280, height: 800 },
    })
    const page = await context.newPage()
    const account = newAccount('keys')

    // Sign up: the tabs move with the arrow keys, the selected tab is the only tab stop.
    await page.goto('/auth')
    const login = page.getByRole('tab', { name: 'Login' })
    await tabTo(page, login)
    await pressAndExpectFocus(page, 'ArrowRight', page.getByRole('tab', { name: 'Sign Up' }))
    expect(await page.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe(
      'true',
    )
    await typeInto(page, 'Full Name', account.fullName)
    await typeInto(page, 'Email', account.email)
    await typeInto(page, 'Password', account.password)
    const userRadio = page.getByRole('radio', { name: 'User - Generate legal letters' })
    await tabTo(page, userRadio)
    await page.keyboard.press('Space')
    expect(await userRadio.isChecked()).toBe(true)
    await tabTo(page, page.getByRole('button', { name: 'Create Account' }))
    await screenshot(page, 'keyboard-sign-up')
    await page.keyboard.press('Enter')
    await expectDashboard(page, 'User')
    await expectFocusAtPageStart(page)

    // Buy a plan through both checkout steps.
    const tabs = page.getByRole('tablist', { name: 'Dashboard' })
    await tabTo(page, tabs.getByRole('tab', { name: 'Generate Letter' }))
    await page.keyboard.press('ArrowRight')
    await pressAndExpectFocus(page, 'ArrowRight', tabs.getByRole('tab', { name: 'Subscription' }))
    const annual8 = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'Annual 8 Letters', exact: true }) })
    await tabTo(page, annual8.getByRole('button', { name: 'Select Plan' }))
    await page.keyboard.press('Enter')
    // Each step replaces the button that led to it; focus starts again at the step's heading.
    await expectFocusOn(page, page.getByRole('heading', { name: 'Order Summary' }))
    await tabTo(page, page.getByRole('button', { name: 'Continue to Payment' }))
    await page.keyboard.press('Enter')
    await expectFocusOn(page, page.getByRole('heading', { name: 'Payment', exact: true }))
    await typeInto(page, 'Card Number', GOOD_CARD.number)
    await typeInto(page, 'Expiry Date', GOOD_CARD.expiry)
    await typeInto(page, 'CVV', GOOD_CARD.cvv)
    await typeInto(page, 'Cardholder Name', GOOD_CARD.name)
    await tabTo(page, page.getByRole('button', { name: /^Pay / }))
    await screenshot(page, 'keyboard-payment')
    await page.keyboard.press('Enter')
    await expectFocusOn(page, page.getByRole('heading', { name: 'Payment Successful' }))
    await tabTo(page, page.getByRole('button', { name: 'Done' }))
    await page.keyboard.press('Enter')
    await expectFocusOn(page, page.getByRole('heading', { name: 'Single Letter' }))

    // Write a letter; the overlay holds focus while it works and hands it back after.
    await tabTo(page, tabs.getByRole('tab', { name: 'Subscription' }), { key: 'Shift+Tab' })
    await page.keyboard.press('ArrowLeft')
    await pressAndExpectFocus(page, 'ArrowLeft', tabs.getByRole('tab', { name: 'Generate Letter' }))
    await tabTo(page, page.getByLabel('Letter Type'))
    await page.keyboard.type('Legal')
    expect(await page.getByLabel('Letter Type').inputValue()).toBe('Legal Notice')
    await typeInto(page, 'Your Address', SAMPLE_ANSWERS.senderAddress)
    await typeInto(page, 'Recipient Name', SAMPLE_ANSWERS.recipientName)
    await typeInto(page, 'Recipient Address', SAMPLE_ANSWERS.recipientAddress)
    await typeInto(page, 'Matter/Subject', SAMPLE_ANSWERS.matter)
    await typeInto(page, 'Desired Resolution', SAMPLE_ANSWERS.resolution)
    const generate = page.getByRole('button', { name: 'Generate Legal Letter' })
    await tabTo(page, generate)
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog')
    await visible(dialog)
    // Tab and Shift+Tab through every stage (Cancel comes and goes): focus never leaves the dialog.
    const stops = new Set<string>()
    for (let press = 0; press < 200; press++) {
      await page.keyboard.press(press % 3 === 2 ? 'Shift+Tab' : 'Tab')
      const stop = await page.evaluate(() => {
        const open = document.querySelector('[role="dialog"]')
        // Once the bar is full the dialog is about to close and hand focus back.
        if (!open || open.querySelector('[aria-valuenow="100"]')) return 'finishing'
        const active = document.activeElement
        const where = active === open ? 'the dialog' : (active?.textContent ?? 'nothing')
        return `${open.contains(active) ? 'inside' : 'OUTSIDE'}: ${where.slice(0, 30)}`
      })
      stops.add(stop)
      if (stop === 'finishing') break
      await page.waitForTimeout(50)
    }
    expect([...stops].filter((stop) => stop.startsWith('OUTSIDE'))).toEqual([])
    expect([...stops]).toEqual(expect.arrayContaining(['inside: the dialog', 'inside: Cancel']))
    await page.getByText('Legal letter generated successfully!').waitFor({ timeout: 20_000 })
    await dialog.waitFor({ state: 'detached' })

    // The finished letter opens on its page, where focus starts as on any new page.
    await page.waitForURL('**/app/letters/*')
    await visible(page.getByText(`Re: ${SAMPLE_ANSWERS.matter}`))
    await expectFocusAtPageStart(page)
    const download = page.getByRole('button', { name: 'Download' })
    await tabTo(page, download)
    await page.keyboard.press('Enter')
    const item = (name: string) => page.getByRole('menuitem', { name })
    expect(await hasFocus(item('Text (.txt)'))).toBe(true)
    await expectFocusVisible(page)
    await pressAndExpectFocus(page, 'ArrowDown', item('PDF (.pdf)'))
    await pressAndExpectFocus(page, 'End', item('Share or Email'))
    await pressAndExpectFocus(page, 'ArrowDown', item('Text (.txt)'))
    await pressAndExpectFocus(page, 'ArrowUp', item('Share or Email'))
    await screenshot(page, 'keyboard-download-menu')
    await pressAndExpectFocus(page, 'Escape', download)
    expect(await page.getByRole('menu').count()).toBe(0)
    await expectFocusVisible(page)

    await page.keyboard.press('ArrowDown')
    expect(await hasFocus(item('Text (.txt)'))).toBe(true)
    await page.keyboard.press('ArrowDown')
    const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')])
    expect(file.suggestedFilename()).toMatch(/^legal-letter-[0-9a-f-]{36}\.pdf$/)
    expect(await hasFocus(download)).toBe(true)
    await visible(page.getByText('Letter downloaded successfully!'))

    // Tab out of an open menu closes it and moves on.
    await page.keyboard.press('Space')
    expect(await hasFocus(item('Text (.txt)'))).toBe(true)
    await page.keyboard.press('Tab')
    expect(await page.getByRole('menu').count()).toBe(0)
    await expectFocusKept(page, 'Tab out of the Download menu')

    await tabTo(page, page.getByRole('button', { name: 'Sign Out' }), { key: 'Shift+Tab' })
    await page.keyboard.press('Enter')
    await page.waitForURL('**/auth')
    await expectFocusAtPageStart(page)
    // The next Tab goes into the page, not back to the browser's first element.
    await page.keyboard.press('Tab')
    expect(await describeFocus(page)).toMatch(/^tab "Login"/)
    await context.close()
  })

  it('opens the landing mobile menu, moves through it and closes it with Escape', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const page = await context.newPage()
    await page.goto('/')
    await landingLive(page)
    const header = page.getByRole('banner')
    const menu = header.getByRole('button', { name: /Menu/ })

    // The skip link comes first, and shows when focused.
    await pressAndExpectFocus(page, 'Tab', page.getByRole('link', { name: 'Skip to content' }))
    await expectFocusVisible(page)
    await tabTo(page, menu)
    await page.keyboard.press('Enter')
    expect(await menu.getAttribute('aria-expanded')).toBe('true')
    const panel = page.locator(`#${(await menu.getAttribute('aria-controls')) ?? ''}`)
    await pressAndExpectFocus(page, 'Tab', panel.getByRole('link', { name: 'About' }))
    await expectFocusVisible(page)
    await screenshot(page, 'keyboard-mobile-menu')
    await pressAndExpectFocus(page, 'Escape', menu)
    expect(await menu.getAttribute('aria-expanded')).toBe('false')
    await expectFocusVisible(page)

    // Shift+Tab back to the button keeps it open; tabbing on past the last link closes it,
    // so the panel never hides what the keyboard reaches next.
    await page.keyboard.press('Space')
    await tabTo(page, panel.getByRole('link', { name: 'Services' }))
    await pressAndExpectFocus(page, 'Shift+Tab', panel.getByRole('link', { name: 'About' }))
    await pressAndExpectFocus(page, 'Shift+Tab', menu)
    expect(await menu.getAttribute('aria-expanded')).toBe('true')
    await tabTo(page, panel.getByRole('link', { name: 'Get Started' }))
    await pressAndExpectFocus(page, 'Tab', page.getByRole('link', { name: 'Start a letter' }))
    expect(await menu.getAttribute('aria-expanded')).toBe('false')
    await tabTo(page, page.getByRole('form', { name: 'Contact' }).getByLabel('Name'))
    await tabTo(page, menu, { key: 'Shift+Tab' })

    // Enter on a link follows it and closes the menu.
    await page.keyboard.press('Enter')
    await tabTo(page, panel.getByRole('link', { name: 'About' }))
    await page.keyboard.press('Enter')
    await page.waitForURL('**/#about')
    expect(await menu.getAttribute('aria-expanded')).toBe('false')
    await context.close()
  })
})
