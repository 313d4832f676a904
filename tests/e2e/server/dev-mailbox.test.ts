import { describe, expect, it } from 'vitest'
import { API_PATHS } from '../../../src/domain/api'
import { newAccount } from '../support/accounts'
import { screenshot, setupBrowser } from '../support/browser'
import { setupLetterheadServer } from '../support/letterhead-server'
import { DESKTOP, screenReviewer } from '../support/review'
import { visible } from '../support/wait'

/**
 * The development mailbox (`/dev/mail`, decision 034): a server outside
 * production without SMTP_URL keeps its mail as files and lists them on a page
 * only this computer can open. The page is read as a person reads it, and
 * reviewed like every other screen.
 */

const PORT = 4385
const browser = setupBrowser()
// Not production, and no SMTP_URL: the mailbox is the transport.
const server = setupLetterheadServer(PORT, () => ({ NODE_ENV: 'development' }))

async function post(path: string, body: unknown) {
  const response = await fetch(`${server.url()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return response.status
}

describe('the development mailbox', () => {
  it('says it is empty, then shows a reset mail with its link to follow, and passes a screen review', async () => {
    const context = await browser.newContext({ baseURL: server.url(), viewport: DESKTOP })
    const page = await context.newPage()
    const screens = screenReviewer(page)

    await page.goto('/dev/mail')
    await visible(page.getByRole('heading', { name: 'Development mailbox', level: 1 }))
    await visible(page.getByText(/^No mail yet\./))
    await screens.review('dev-mailbox-empty')

    const account = newAccount('mailbox')
    expect(await post(API_PATHS.signUp, { ...account, role: 'user' })).toBe(201)
    expect(await post(API_PATHS.passwordReset, { email: account.email })).toBe(202)

    const mail = page.getByRole('article', { name: 'Reset your Letterhead password' })
    await expect
      .poll(
        async () => {
          await page.reload()
          return mail.count()
        },
        { timeout: 15_000 },
      )
      .toBe(1)
    await visible(mail.getByText(account.email))
    const link = mail.getByRole('link', { name: /#token=/ })
    await visible(link)
    await screenshot(page, 'dev-mailbox-reset-mail')
    await screens.review('dev-mailbox-reset-mail')

    // The link in the mail opens the app's form for a new password.
    await link.click()
    await visible(page.getByRole('heading', { name: 'Choose a new password', level: 1 }))
    screens.expectAccessible()
    await context.close()
  })
})
