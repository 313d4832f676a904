import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { expectDashboard, newAccount, signIn, signUp } from './support/accounts'
import { buyPlan } from './support/billing'
import { screenshot, setupBrowser } from './support/browser'
import { readTable } from './support/indexeddb'
import { SAMPLE_ANSWERS, generateLetter, waitForGenerated } from './support/letters'
import { visible } from './support/wait'
import { downloadFrom } from './support/downloads'
import { openPdf } from '../support/document-text'

const browser = setupBrowser()

const TABLES = [
  'users',
  'credentials',
  'letters',
  'letterVersions',
  'subscriptions',
  'commissions',
  'settings',
]

describe('settings, backup and many tabs', () => {
  it('exports a backup, and restores it whole onto an empty device', async () => {
    const context = await browser.newContext({ acceptDownloads: true })
    const page = await context.newPage()
    const account = newAccount('backup')
    await signUp(page, account)
    await expectDashboard(page, 'User')
    await buyPlan(page, 'Annual 4 Letters')
    await generateLetter(page)
    await waitForGenerated(page)

    await page.getByRole('button', { name: 'Settings' }).click()
    await page.waitForURL('**/app/settings')
    await visible(page.getByTestId('storage-usage'))
    expect(await page.getByTestId('storage-usage').textContent()).toMatch(
      /^Using .+ of .+ available\.$/,
    )
    expect(await page.getByTestId('storage-persistence').textContent()).toMatch(/persistent/i)
    const keep = page.getByRole('button', { name: 'Keep Data Persistently' })
    if (await keep.isVisible()) {
      // The browser decides: either the data is kept now, or the page says it was declined.
      await keep.click()
      await visible(
        page
          .getByText(/^Persistent:/)
          .or(page.getByRole('status').filter({ hasText: 'The browser declined for now.' })),
      )
    }
    await screenshot(page, 'settings-desktop')
    const before = await Promise.all(TABLES.map((table) => readTable(page, table)))

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Backup' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^letterhead-backup-\d{4}-\d{2}-\d{2}\.json$/)
    const backupPath = await download.path()
    const backup = JSON.parse(await readFile(backupPath, 'utf8')) as {
      format: string
      schemaVersion: number
    }
    // The database's schema version (src/data/database.ts): 7 since the form drafts' table.
    expect(backup).toMatchObject({ format: 'letterhead-backup', schemaVersion: 7 })

    // A new device: an empty browser profile, restoring from the sign-in page.
    const fresh = await browser.newContext()
    const other = await fresh.newPage()
    await other.goto('/auth')
    await other.getByLabel('Backup file').setInputFiles(backupPath)
    await visible(other.getByRole('dialog', { name: 'Replace everything on this device?' }))
    await other.getByRole('button', { name: 'Replace and Restore' }).click()
    await visible(other.getByText(/Backup restored/))
    const after = await Promise.all(TABLES.map((table) => readTable(other, table)))
    expect(after).toEqual(before)
    await signIn(other, account.email, account.password)
    await expectDashboard(other, 'User')
    await visible(other.getByRole('tab', { name: 'My Letters (1)' }))
    await fresh.close()
    await context.close()
  })

  it('refuses a file that is not a backup, and changes nothing', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await signUp(page, newAccount('refuse'))
    await expectDashboard(page, 'User')
    await page.getByRole('button', { name: 'Settings' }).click()
    const before = await readTable(page, 'users')
    await page.getByLabel('Backup file').setInputFiles({
      name: 'notes.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ hello: 'world' })),
    })
    await page.getByRole('button', { name: 'Replace and Restore' }).click()
    await visible(
      page.getByRole('alert').filter({ hasText: 'This file is not a Letterhead backup.' }),
    )
    await page.getByLabel('Backup file').setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{oops'),
    })
    await visible(page.getByRole('alert').filter({ hasText: 'could not be read as JSON' }))
    expect(await readTable(page, 'users')).toEqual(before)
    await context.close()
  })

  it('prints PDFs on A4 once chosen', async () => {
    const context = await browser.newContext({ acceptDownloads: true })
    const page = await context.newPage()
    await signUp(page, newAccount('a4'))
    await expectDashboard(page, 'User')
    await buyPlan(page, 'Single Letter')
    await generateLetter(page)
    await waitForGenerated(page)
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('radio', { name: /A4/ }).check()
    await visible(page.getByText('PDF page size saved'))
    await page.goto('/app?tab=letters')
    const pdf = await downloadFrom(page, page.getByRole('article').first(), 'PDF (.pdf)')
    const document = await openPdf(pdf.bytes)
    const [, , width, height] = (await document.getPage(1)).view
    expect([Math.round(width ?? 0), Math.round(height ?? 0)]).toEqual([595, 842])
    await context.close()
  })

  it('shows letters and sign-outs from another tab live', async () => {
    const context = await browser.newContext()
    const first = await context.newPage()
    await signUp(first, newAccount('live'))
    await expectDashboard(first, 'User')
    await buyPlan(first, 'Annual 4 Letters')
    const second = await context.newPage()
    await second.goto('/app?tab=letters')
    await visible(second.getByText('No letters generated yet'))

    await generateLetter(first)
    await waitForGenerated(first)
    await visible(second.getByRole('article').filter({ hasText: SAMPLE_ANSWERS.matter }))
    await visible(second.getByRole('tab', { name: 'My Letters (1)' }))

    await first.getByRole('button', { name: 'Sign Out' }).click()
    await second.waitForURL('**/auth')
    await context.close()
  })

  it('tells a tab to reload when another tab upgrades the database', async () => {
    const context = await browser.newContext()
    const first = await context.newPage()
    await signUp(first, newAccount('upgrade'))
    await expectDashboard(first, 'User')
    const second = await context.newPage()
    await second.goto('/old')
    // Another tab opening a newer schema, as a newer Letterhead would.
    await second.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const request = indexedDB.open('letterhead', 1000)
          request.onsuccess = () => {
            request.result.close()
            resolve()
          }
          request.onerror = () => reject(request.error ?? new Error('open failed'))
        }),
    )
    const notice = first.locator('[data-sonner-toast]').filter({
      hasText: 'Letterhead was updated in another tab. Reload this tab to keep working.',
    })
    await visible(notice)
    await visible(notice.getByRole('button', { name: 'Reload' }))
    await context.close()
  })
})
