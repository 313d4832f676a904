import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { type Account, expectDashboard, signIn } from '../support/accounts'
import { buyPlan } from '../support/billing'
import { screenshot, setupBrowser } from '../support/browser'
import { setupLetterheadServer } from '../support/letterhead-server'
import { generateLetter, SAMPLE_ANSWERS, signUpWithOneLetter } from '../support/letters'
import { waitForServiceWorker } from '../support/service-worker'
import { screenReviewer } from '../support/review'
import { visible } from '../support/wait'

/** Sync in Chromium: two devices are two contexts with separate storage, on one real server. */

const browser = setupBrowser()
const server = setupLetterheadServer(4359)

type Device = { context: BrowserContext; page: Page }

async function device(): Promise<Device> {
  const context = await browser.newContext({ baseURL: server.url() })
  return { context, page: await context.newPage() }
}

const syncStatus = (page: Page) => page.getByRole('banner').getByRole('status')

async function signedIn(account: Account): Promise<Device> {
  const second = await device()
  await signIn(second.page, account.email, account.password)
  await expectDashboard(second.page, 'User')
  return second
}

/** Opens the letter's page from My Letters. */
async function openLetter(page: Page, matter = SAMPLE_ANSWERS.matter) {
  await page.getByRole('tab', { name: /^My Letters/ }).click()
  await page
    .getByRole('article')
    .filter({ hasText: matter })
    .getByRole('link', { name: 'Open' })
    .click()
  await visible(page.getByRole('region', { name: 'Letter' }))
}

async function editText(page: Page, text: string) {
  await page.getByRole('button', { name: 'Edit Text' }).click()
  await page.getByLabel('Letter text', { exact: true }).fill(text)
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await visible(page.getByRole('region', { name: 'Letter' }).getByText(text))
}

describe('sync between two devices of one account', () => {
  it('a letter written on A appears on B without a reload', async () => {
    const a = await device()
    const account = await signUpWithOneLetter(a.page, 'sync-appears')
    const b = await signedIn(account)
    await b.page.getByRole('tab', { name: /^My Letters/ }).click()
    await visible(b.page.getByRole('tab', { name: 'My Letters (1)' }))
    await visible(syncStatus(b.page).filter({ hasText: 'Synced' }))

    // A second letter while both are open: B shows it by itself.
    await generateLetter(a.page, { ...SAMPLE_ANSWERS, matter: 'Second matter, live' })
    await visible(b.page.getByRole('article').filter({ hasText: 'Second matter, live' }))
    await visible(b.page.getByRole('tab', { name: 'My Letters (2)' }))
    await screenshot(b.page, 'sync-letter-arrived-on-b')
    await a.context.close()
    await b.context.close()
  })

  it('B edits offline and comes back: A sees the edit', async () => {
    const a = await device()
    const account = await signUpWithOneLetter(a.page, 'sync-offline-edit')
    const b = await signedIn(account)
    await waitForServiceWorker(b.page)
    await openLetter(b.page)
    await openLetter(a.page)
    await b.context.setOffline(true)
    await visible(syncStatus(b.page).filter({ hasText: 'Offline' }))
    await editText(b.page, 'Edited on B while it was offline.')
    await screenshot(b.page, 'sync-offline-edit-waiting')
    await b.context.setOffline(false)
    await visible(syncStatus(b.page).filter({ hasText: 'Synced' }))
    await visible(
      a.page.getByRole('region', { name: 'Letter' }).getByText('Edited on B while it was offline.'),
    )
    await a.context.close()
    await b.context.close()
  })

  it('both edit the same letter offline: both texts are kept, and the letter says so', async () => {
    const a = await device()
    const account = await signUpWithOneLetter(a.page, 'sync-conflict')
    const b = await signedIn(account)
    await openLetter(a.page)
    await openLetter(b.page)
    await a.context.setOffline(true)
    await b.context.setOffline(true)
    await editText(a.page, 'The text written on A.')
    await editText(b.page, 'The text written on B.')
    await a.context.setOffline(false)
    await visible(syncStatus(a.page).filter({ hasText: 'Synced' }))
    await b.context.setOffline(false)
    await visible(syncStatus(b.page).filter({ hasText: 'Synced' }))
    for (const { page } of [a, b]) {
      await visible(
        page.getByRole('region', { name: 'Letter' }).getByText('The text written on B.'),
      )
      await visible(
        page
          .getByRole('region', { name: 'Previous versions' })
          .getByText(/The text written on A\./),
      )
      await visible(page.getByRole('note').filter({ hasText: 'also edited on another device' }))
    }
    await screenshot(a.page, 'sync-conflict-both-texts')

    // The screens sync adds, on a phone and a desktop, light and dark.
    await a.page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' })
    const { review, expectAccessible } = screenReviewer(a.page)
    await review('sync-letter-edited-elsewhere')
    await a.context.setOffline(true)
    await visible(syncStatus(a.page).filter({ hasText: 'Offline' }))
    await review('sync-offline-status')
    await a.context.setOffline(false)
    await a.page.getByRole('button', { name: 'Sign Out' }).click()
    await visible(a.page.getByRole('button', { name: 'Sign out and remove data from this device' }))
    await review('sync-sign-out-dialog')
    expectAccessible()
    await a.context.close()
    await b.context.close()
  })

  it("A's outbox survives a reload while offline, and goes when A is back", async () => {
    const a = await device()
    const account = await signUpWithOneLetter(a.page, 'sync-outbox-reload')
    await waitForServiceWorker(a.page)
    await openLetter(a.page)
    await a.context.setOffline(true)
    await editText(a.page, 'Kept through an offline reload.')
    await a.page.reload()
    await visible(
      a.page.getByRole('region', { name: 'Letter' }).getByText('Kept through an offline reload.'),
    )
    await a.context.setOffline(false)
    await a.page.evaluate(() => window.dispatchEvent(new Event('online')))
    await visible(syncStatus(a.page).filter({ hasText: 'Synced' }))

    const b = await signedIn(account)
    await openLetter(b.page)
    await visible(
      b.page.getByRole('region', { name: 'Letter' }).getByText('Kept through an offline reload.'),
    )
    await a.context.close()
    await b.context.close()
  })

  it('another account never receives the letter', async () => {
    const a = await device()
    await signUpWithOneLetter(a.page, 'sync-owner')
    const stranger = await device()
    await signUpWithOneLetter(stranger.page, 'sync-stranger')
    await visible(syncStatus(stranger.page).filter({ hasText: 'Synced' }))
    await stranger.page.getByRole('tab', { name: /^My Letters/ }).click()
    await visible(stranger.page.getByRole('tab', { name: 'My Letters (1)' }))
    const stored = await stranger.page.evaluate(async () => {
      const open = indexedDB.open('letterhead')
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        open.onsuccess = () => resolve(open.result)
        open.onerror = () => reject(new Error(String(open.error)))
      })
      const all = db.transaction('letters').objectStore('letters').getAll()
      return new Promise<number>((resolve) => (all.onsuccess = () => resolve(all.result.length)))
    })
    expect(stored).toBe(1)
    await a.context.close()
    await stranger.context.close()
  })

  it('a new device downloads the letters and shows them', async () => {
    const a = await device()
    const account = await signUpWithOneLetter(a.page, 'sync-new-device')
    await buyPlan(a.page, 'Annual 4 Letters')
    const b = await signedIn(account)
    await b.page.getByRole('tab', { name: /^My Letters/ }).click()
    await visible(b.page.getByRole('article').filter({ hasText: SAMPLE_ANSWERS.matter }))
    expect(await b.page.getByRole('banner').getByRole('status').count()).toBe(1)
    await a.context.close()
    await b.context.close()
  })
})
