import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MockOpenAiServer, startMockOpenAiServer } from '../support/mock-openai-server'
import { expectDashboard, newAccount, signUp, submitAdminSignUp } from './support/accounts'
import { chooseAiEngine } from './support/ai-engine'
import { fillCard, selectPlan } from './support/billing'
import { setupBrowser } from './support/browser'
import { generateLetter, waitForGenerated, backToMyLetters } from './support/letters'
import { DESKTOP, PHONE, screenReviewer } from './support/review'
import { visible } from './support/wait'

/**
 * Every screen, on a phone and a desktop, light and dark: a screenshot of
 * each in test-artifacts/screens/ and no axe finding of any impact.
 */

const browser = setupBrowser()
let server: MockOpenAiServer

beforeAll(async () => {
  server = await startMockOpenAiServer({ fallback: { kind: 'stall' } })
})
afterAll(() => server.close())

async function freshPage() {
  const context = await browser.newContext()
  const page = await context.newPage()
  const { review, expectAccessible } = screenReviewer(page)
  return { context, page, review, expectAccessible }
}

/** A test that reviews a dozen screens, each four times over (two sizes, two themes). */
const REVIEW_MANY_MS = 240_000

const tab = (page: Page, name: string | RegExp) => page.getByRole('tab', { name })

describe('every screen is accessible and looks finished', () => {
  it('signed out: landing, /old, sign in, sign up, admin access, 404 and the error screen', async () => {
    const { context, page, review, expectAccessible } = await freshPage()
    await page.goto('/')
    await visible(page.locator('#hero'))
    await review('landing')
    await page.goto('/old')
    await visible(page.locator('#pricing'))
    await review('old-landing')

    await page.goto('/auth')
    await visible(page.getByRole('button', { name: 'Sign In' }))
    await review('auth-sign-in')
    await tab(page, 'Sign Up').click()
    await visible(page.getByRole('button', { name: 'Create Account' }))
    await review('auth-sign-up')
    await page.getByRole('button', { name: 'Admin Access' }).click()
    await visible(page.getByLabel('Admin Secret Key'))
    await review('auth-admin')

    await page.goto('/no-such-page')
    await visible(page.getByRole('heading', { name: 'Page Not Found' }))
    await review('not-found')
    await page.goto('/diagnostics/crash')
    await visible(page.getByRole('heading', { name: 'Something went wrong' }))
    await review('error-screen')
    await context.close()
    expectAccessible()
  })

  it(
    'a user: every tab, both checkout steps, success, the overlay, the letter and Settings',
    async () => {
      const { context, page, review, expectAccessible } = await freshPage()
      await signUp(page, newAccount('screens-user'))
      await expectDashboard(page, 'User')
      await review('user-generate-letter')
      await tab(page, /^My Letters/).click()
      await visible(page.getByText('No letters generated yet'))
      await review('user-my-letters-empty')
      await tab(page, 'Subscription').click()
      await review('user-subscription')

      await selectPlan(page, 'Annual 4 Letters')
      await review('checkout-order-summary')
      await page.getByRole('button', { name: 'Continue to Payment' }).click()
      await visible(page.getByLabel('Card Number'))
      await review('checkout-payment-empty')
      await fillCard(page)
      await review('checkout-payment-filled')
      await page.getByRole('button', { name: /^Pay / }).click()
      await page.getByRole('heading', { name: 'Payment Successful' }).waitFor({ timeout: 15_000 })
      await review('checkout-success')

      await generateLetter(page)
      await waitForGenerated(page)
      await backToMyLetters(page)
      await tab(page, 'My Letters (1)').click()
      await review('user-my-letters')
      await page.getByRole('link', { name: 'Open' }).click()
      await visible(page.getByRole('button', { name: 'Edit Text' }))
      await review('letter-view')
      await page.getByRole('button', { name: 'Download' }).click()
      await visible(page.getByRole('menuitem', { name: /PDF/ }))
      await review('letter-view-download-menu')
      // On a phone the button sits at the left, so the menu must open rightwards to stay on screen.
      // It places itself again on the window's resize event, which follows the resize.
      await page.setViewportSize(PHONE)
      const menu = page.getByRole('menu')
      await expect.poll(async () => (await menu.boundingBox())?.x ?? -1).toBeGreaterThanOrEqual(0)
      const menuBox = await menu.boundingBox()
      expect((menuBox?.x ?? 0) + (menuBox?.width ?? 0)).toBeLessThanOrEqual(PHONE.width)
      await page.setViewportSize(DESKTOP)
      await page.keyboard.press('Escape')

      // A model that never finishes keeps the overlay open long enough to look at it.
      await page.getByRole('button', { name: 'Settings' }).click()
      await visible(page.getByRole('button', { name: 'Export Backup' }))
      await review('settings')
      await page.getByRole('link', { name: 'Back to Dashboard' }).click()
      await chooseAiEngine(page, server.baseUrl, 'mock-letter-model')
      await generateLetter(page)
      const overlay = page.getByRole('dialog')
      await visible(overlay.getByRole('region', { name: 'Letter so far' }))
      await review('generation-overlay')
      await overlay.getByRole('button', { name: 'Cancel' }).click()
      await overlay.waitFor({ state: 'detached' })
      await context.close()
      expectAccessible()
    },
    REVIEW_MANY_MS,
  )

  it('an employee: the portal', async () => {
    const { context, page, review, expectAccessible } = await freshPage()
    await signUp(page, newAccount('screens-employee'), 'employee')
    await expectDashboard(page, 'Employee')
    await visible(page.getByRole('button', { name: 'Copy Code' }))
    await review('employee-portal')
    await context.close()
    expectAccessible()
  })

  it(
    'an admin: the totals and all six tables, and /old',
    async () => {
      const { context, page, review, expectAccessible } = await freshPage()
      const admin = newAccount('screens-admin')
      await submitAdminSignUp(page, admin)
      await expectDashboard(page, 'Admin')
      for (const name of ['Users', 'Employees', 'Letters', 'Subscriptions', 'Messages', 'Errors']) {
        await tab(page, name).click()
        await visible(page.getByRole('table'))
        await review(`admin-${name.toLowerCase()}`)
      }
      await page.goto('/old')
      await visible(page.getByText('Admin', { exact: true }))
      await review('old-signed-in-admin')
      await context.close()
      expectAccessible()
    },
    REVIEW_MANY_MS,
  )
})
