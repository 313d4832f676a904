import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_MESSAGES } from '../../../src/domain/errors'
import { startSmtpInbox, type SmtpInbox } from '../../../server/test-support/smtp-inbox'
import { expectDashboard, newAccount, signIn, signUp } from '../support/accounts'
import { baseUrl, screenshot, setupBrowser } from '../support/browser'
import { setupLetterheadServer } from '../support/letterhead-server'
import { DESKTOP, PHONE, screenReviewer } from '../support/review'
import { visible } from '../support/wait'

/**
 * Forgot password? on the real server (decision 034), in production with a
 * real SMTP server: the link arrives by mail, sets a new password once, ends
 * the account's other sessions, and the person signs in with it.
 */

const PORT = 4412
const SMTP_PORT = 4414
const ORIGIN = `http://127.0.0.1:${PORT}`
const NEW_PASSWORD = 'a brand new passphrase'

const browser = setupBrowser()
const server = setupLetterheadServer(PORT, () => ({
  SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
  PUBLIC_ORIGIN: ORIGIN,
  MAIL_FROM: 'Letterhead <letters@example.com>',
}))
let inbox: SmtpInbox
beforeAll(async () => {
  inbox = await startSmtpInbox(SMTP_PORT)
})
afterAll(() => inbox.close())

async function device(viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: server.url(), viewport })
  return { context, page: await context.newPage() }
}

/** The reset link in the newest mail to `email`. */
async function mailedLink(email: string): Promise<string> {
  await expect
    .poll(() => inbox.mails.some((mail) => mail.to.includes(email)), { timeout: 15_000 })
    .toBe(true)
  const mail = inbox.mails.findLast((candidate) => candidate.to.includes(email))
  expect(mail?.subject).toBe('Reset your Letterhead password')
  const link = /^http\S+#token=[\w-]+$/m.exec(mail?.text ?? '')?.[0]
  if (!link) throw new Error(`No reset link in:\n${mail?.text}`)
  return link
}

async function askForLink(page: Page, email: string) {
  await page.goto('/auth')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await page.waitForURL('**/auth?view=forgot')
  await visible(page.getByRole('heading', { name: 'Forgot your password?', level: 1 }))
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send Reset Link' }).click()
  await visible(page.getByRole('heading', { name: 'Check your e-mail', level: 1 }))
}

async function setNewPassword(page: Page, password: string) {
  await page.getByLabel('New Password').fill(password)
  await page.getByLabel('Confirm Password').fill(password)
  await page.getByRole('button', { name: 'Reset Password' }).click()
}

describe('Forgot password? on the Letterhead server', () => {
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`resets the password by a link from the e-mail at ${viewport.width} px`, async () => {
      const account = newAccount(`reset-${size}`)
      const laptop = await device(viewport)
      await signUp(laptop.page, account)
      await expectDashboard(laptop.page, 'User')

      const { context, page } = await device(viewport)
      await askForLink(page, account.email)
      await screenshot(page, `password-reset/${size}-1-link-sent`)
      const link = await mailedLink(account.email)
      expect(link.startsWith(`${ORIGIN}/auth?view=reset#token=`)).toBe(true)

      await page.goto(link)
      await visible(page.getByRole('heading', { name: 'Choose a new password', level: 1 }))
      await screenshot(page, `password-reset/${size}-2-new-password`)
      await setNewPassword(page, NEW_PASSWORD)
      await visible(page.getByRole('heading', { name: 'Your password is set', level: 1 }))
      // The spent token is gone from the address bar.
      expect(page.url()).toBe(`${ORIGIN}/auth?view=reset`)
      await screenshot(page, `password-reset/${size}-3-password-set`)
      await page.getByRole('button', { name: 'Sign In' }).click()
      await page.waitForURL('**/auth?tab=login')
      await page.getByLabel('Email').fill(account.email)
      await page.getByLabel('Password').fill(NEW_PASSWORD)
      await page.getByRole('button', { name: 'Sign In' }).click()
      await expectDashboard(page, 'User')

      // Every other session ended with the reset: the laptop finds out at its next start.
      await laptop.page.reload()
      await laptop.page.waitForURL('**/auth**')
      await signIn(laptop.page, account.email, account.password)
      await visible(
        laptop.page
          .getByRole('form')
          .getByRole('alert')
          .filter({ hasText: ERROR_MESSAGES.INVALID_CREDENTIALS }),
      )

      // The link works once.
      const again = await device(viewport)
      await again.page.goto(link)
      await setNewPassword(again.page, 'yet another passphrase')
      await visible(again.page.getByText(ERROR_MESSAGES.RESET_LINK_USED))
      await again.page.getByRole('button', { name: 'Ask for a New Link' }).click()
      await visible(again.page.getByRole('heading', { name: 'Forgot your password?', level: 1 }))
      for (const opened of [laptop, { context, page }, again]) await opened.context.close()
    })
  }

  it('says the same for an e-mail without an account, and mails nothing', async () => {
    const { context, page } = await device(DESKTOP)
    const before = inbox.mails.length
    await askForLink(page, newAccount('nobody').email)
    await page.waitForTimeout(1000)
    expect(inbox.mails.length).toBe(before)
    await context.close()
  })

  // Ten screens, each at two sizes in two themes: longer than one journey.
  it('passes a screen review of each new screen, in light and dark, on a phone and a desktop', async () => {
    const account = newAccount('reset-review')
    const owner = await device(DESKTOP)
    await signUp(owner.page, account)
    await expectDashboard(owner.page, 'User')
    await owner.context.close()
    const { context, page } = await device(DESKTOP)
    const screens = screenReviewer(page)

    await page.goto('/auth')
    await visible(page.getByRole('link', { name: 'Forgot password?' }))
    await screens.review('password-reset-login-link')
    await page.goto('/auth?view=forgot')
    await visible(page.getByRole('button', { name: 'Send Reset Link' }))
    await screens.review('password-reset-forgot')
    await page.getByRole('button', { name: 'Send Reset Link' }).click()
    await visible(page.getByText('Email is required'))
    await screens.review('password-reset-forgot-refused')
    await askForLink(page, account.email)
    await screens.review('password-reset-link-sent')

    const link = await mailedLink(account.email)
    await page.goto(link)
    await visible(page.getByLabel('New Password'))
    await screens.review('password-reset-new-password')
    await page.getByLabel('New Password').fill(NEW_PASSWORD)
    await page.getByLabel('Confirm Password').fill('not the same one')
    await page.getByRole('button', { name: 'Reset Password' }).click()
    await visible(page.getByText('The passwords do not match'))
    await screens.review('password-reset-mismatch')
    await setNewPassword(page, NEW_PASSWORD)
    await visible(page.getByRole('heading', { name: 'Your password is set' }))
    await screens.review('password-reset-done')

    // A fresh load, as a link opened from the mail again is.
    await page.goto('about:blank')
    await page.goto(link)
    await setNewPassword(page, 'yet another passphrase')
    await visible(page.getByRole('button', { name: 'Ask for a New Link' }))
    await screens.review('password-reset-link-used')
    await page.goto('/auth?view=reset')
    await visible(page.getByRole('heading', { name: 'This link cannot reset a password' }))
    await screens.review('password-reset-no-token')
    screens.expectAccessible()
    await context.close()
  }, 240_000)
})

describe('Forgot password? in device-only mode', () => {
  it('explains that a password here cannot be reset by e-mail, and leads to a new account', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: PHONE })
    const page = await context.newPage()
    await page.goto('/auth')
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await visible(page.getByText(/a password cannot be reset by e-mail/))
    expect(await page.getByLabel('Email').count()).toBe(0)
    const screens = screenReviewer(page)
    await screens.review('password-reset-device-only')
    screens.expectAccessible()
    await page.getByRole('button', { name: 'Create a New Account' }).click()
    await visible(page.getByRole('button', { name: 'Create Account' }))
    await context.close()
  })
})
