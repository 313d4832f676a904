import { readFile } from 'node:fs/promises'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AccountExport } from '../../../src/domain/account-data'
import { ERROR_MESSAGES } from '../../../src/domain/errors'
import { expectDashboard, signIn } from '../support/accounts'
import { screenshot, setupBrowser } from '../support/browser'
import { readTable } from '../support/indexeddb'
import {
  type LetterheadServer,
  removeDataDir,
  startLetterheadServer,
} from '../support/letterhead-server'
import { SAMPLE_ANSWERS, signUpWithOneLetter } from '../support/letters'
import { DESKTOP, PHONE, screenReviewer } from '../support/review'
import { visible } from '../support/wait'

/**
 * Download My Data and Delete Account (decision 035) on the real server, with
 * two devices of one account: a laptop at 1280 px and a phone at 390 px.
 */

const browser = setupBrowser()
let server: LetterheadServer | undefined
beforeAll(async () => {
  // Several minutes on a machine busy with other work: the embedded database starts slowly there.
  server = await startLetterheadServer(4421, undefined, {}, 180_000)
}, 200_000)
afterAll(async () => {
  if (!server) return
  await server.stop()
  removeDataDir(server)
})
const serverUrl = () => {
  if (!server) throw new Error('The Letterhead server has not started')
  return server.url
}

type Device = { context: BrowserContext; page: Page }

async function device(viewport: { width: number; height: number }): Promise<Device> {
  const context = await browser.newContext({ baseURL: serverUrl(), viewport })
  return { context, page: await context.newPage() }
}

const yourData = (page: Page) => page.getByRole('region', { name: 'Your Data' })

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click()
  await visible(page.getByRole('heading', { name: 'Settings', level: 2 }))
  await visible(yourData(page))
}

describe('Your Data in Settings, on the Letterhead server', () => {
  it('downloads the account as JSON, deletes it on the laptop, and signs the phone out', async () => {
    const laptop = await device(DESKTOP)
    const account = await signUpWithOneLetter(laptop.page, 'your-data')
    const phone = await device(PHONE)
    await signIn(phone.page, account.email, account.password)
    await expectDashboard(phone.page, 'User')
    await phone.page.getByRole('tab', { name: /^My Letters/ }).click()
    await visible(phone.page.getByRole('article').filter({ hasText: SAMPLE_ANSWERS.matter }))

    await openSettings(laptop.page)
    const reviewer = screenReviewer(laptop.page)
    await yourData(laptop.page).scrollIntoViewIfNeeded()
    await reviewer.review('your-data-section')

    // Download My Data: one JSON file holding the letter, and no secret.
    const [download] = await Promise.all([
      laptop.page.waitForEvent('download'),
      yourData(laptop.page).getByRole('button', { name: 'Download My Data' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^letterhead-data-\d{4}-\d{2}-\d{2}\.json$/)
    const text = await readFile(await download.path(), 'utf8')
    const data = JSON.parse(text) as AccountExport
    expect(data.format).toBe('letterhead-account-data')
    expect(data.source).toBe('server')
    expect(data.profile.email).toBe(account.email)
    expect(data.letters.map((letter) => letter.matter)).toEqual([SAMPLE_ANSWERS.matter])
    expect(data.letters[0]?.recipientName).toBe(SAMPLE_ANSWERS.recipientName)
    expect(data.purchases.map((purchase) => purchase.plan)).toEqual(['annual8'])
    expect(data.sessions).toHaveLength(2)
    expect(text).not.toContain(account.password)
    expect(text).not.toMatch(/argon2|token/i)
    await visible(
      laptop.page.getByText(`Your data was downloaded as ${download.suggestedFilename()}.`),
    )

    // Delete Account: the dialog names what goes and what stays, and asks the password.
    await yourData(laptop.page).getByRole('button', { name: 'Delete Account' }).click()
    const dialog = laptop.page.getByRole('dialog', { name: 'Delete your account?' })
    await visible(dialog.getByText('your letters and their earlier versions'))
    await visible(dialog.getByText(/Your purchases, letter credits, refunds and any commissions/))
    await reviewer.review('your-data-delete-dialog')
    await dialog.getByLabel('Password').fill('not the password')
    await dialog.getByRole('button', { name: 'Delete My Account' }).click()
    await visible(
      dialog.getByRole('alert').filter({ hasText: ERROR_MESSAGES.WRONG_CURRENT_PASSWORD }),
    )
    await reviewer.review('your-data-delete-refused')
    await dialog.getByLabel('Password').fill(account.password)
    await dialog.getByRole('button', { name: 'Delete My Account' }).click()

    // The laptop is signed out at once, its copy of the account gone.
    await visible(laptop.page.getByRole('button', { name: 'Sign In' }))
    await visible(laptop.page.getByText('Your account was deleted.'))
    await screenshot(laptop.page, 'your-data-deleted-laptop')
    const left = {
      letters: (await readTable(laptop.page, 'letters')).length,
      users: (await readTable(laptop.page, 'users')).length,
    }
    expect(left).toEqual({ letters: 0, users: 0 })

    // The phone's next sync is refused, and it signs out cleanly, saying why.
    await visible(phone.page.getByRole('button', { name: 'Sign In' }))
    await visible(phone.page.getByText(ERROR_MESSAGES.SESSION_ENDED))
    await screenshot(phone.page, 'your-data-deleted-phone')
    await signIn(phone.page, account.email, account.password)
    await visible(
      phone.page.getByRole('form').getByRole('alert').filter({ hasText: 'Invalid credentials' }),
    )

    // The laptop deleted the account itself: it says so, not that its session ended.
    expect(await laptop.page.getByText(ERROR_MESSAGES.SESSION_ENDED).count()).toBe(0)
    reviewer.expectAccessible()
    await laptop.context.close()
    await phone.context.close()
  }, 240_000)
})
