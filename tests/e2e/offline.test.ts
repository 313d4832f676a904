import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it, onTestFinished } from 'vitest'
import { expectDashboard, newAccount, signIn, signOut, signUp } from './support/accounts'
import { buyPlan } from './support/billing'
import { screenshot, setupBrowser } from './support/browser'
import { downloadFrom } from './support/downloads'
import {
  SAMPLE_ANSWERS,
  generateLetter,
  waitForGenerated,
  backToMyLetters,
} from './support/letters'
import { startPreview } from './support/preview-server'
import { visible } from './support/wait'
import { docxParagraphs, openPdf, pdfPageTexts, zipParts } from '../support/document-text'

const browser = setupBrowser()
const NEXT_BUILD = 'dist-next-version'

afterAll(() => rmSync(NEXT_BUILD, { recursive: true, force: true }))

/** Waits until a service worker controls the page, reloading once as a returning visitor would. */
async function waitForServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload()
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true)
}

describe('installable and offline', () => {
  it('serves the manifest and its icons, and a service worker takes control', async () => {
    const server = await startPreview(4347)
    onTestFinished(() => server.stop())
    const context = await browser.newContext({ baseURL: server.url })
    const page = await context.newPage()
    await page.goto('/')
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href')
    const manifest = (await (await context.request.get(manifestHref ?? '')).json()) as Record<
      string,
      unknown
    >
    expect(manifest).toMatchObject({
      name: 'Letterhead',
      short_name: 'Letterhead',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    })
    expect(manifest.description).toBeTruthy()
    expect(manifest.theme_color).toBeTruthy()
    expect(manifest.background_color).toBeTruthy()
    const icons = manifest.icons as Array<{ src: string; sizes: string; purpose?: string }>
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ])
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')
    for (const src of [...icons.map((icon) => icon.src), touchIcon ?? '']) {
      const response = await context.request.get(src)
      expect(response.status(), src).toBe(200)
      expect(response.headers()['content-type']).toContain('image/png')
    }
    await waitForServiceWorker(page)
    await context.close()
    await server.stop()
  })

  it('works with the network gone and the server stopped: sign in, write, list, view and export', async () => {
    const server = await startPreview(4348)
    onTestFinished(() => server.stop())
    const context = await browser.newContext({ baseURL: server.url, acceptDownloads: true })
    const page = await context.newPage()
    const account = newAccount('offline')
    await signUp(page, account)
    await expectDashboard(page, 'User')
    await buyPlan(page, 'Annual 4 Letters')
    await waitForServiceWorker(page)
    await signOut(page)

    await server.stop()
    await context.setOffline(true)
    await page.goto('/app')
    await page.waitForURL('**/auth?redirect=*')
    await visible(
      page
        .getByRole('status')
        .filter({ hasText: 'Offline' })
        .or(page.getByRole('tab', { name: 'Login' })),
    )
    await signIn(page, account.email, account.password)
    await expectDashboard(page, 'User')
    await visible(page.getByRole('status').filter({ hasText: 'Offline' }))
    await generateLetter(page)
    await waitForGenerated(page)
    await backToMyLetters(page)
    await page.getByRole('tab', { name: 'My Letters (1)' }).click()
    const article = page.getByRole('article').first()
    await visible(article.getByText('Ready', { exact: true }))
    await screenshot(page, 'offline-my-letters')

    const txt = await downloadFrom(page, article, 'Text (.txt)')
    expect(new TextDecoder().decode(txt.bytes)).toContain(`Re: ${SAMPLE_ANSWERS.matter}`)
    const pdf = await downloadFrom(page, article, 'PDF (.pdf)')
    expect((await pdfPageTexts(await openPdf(pdf.bytes))).join('\n')).toContain(
      SAMPLE_ANSWERS.recipientName,
    )
    const docx = await downloadFrom(page, article, 'Word (.docx)')
    expect(docxParagraphs(zipParts(docx.bytes)['word/document.xml'] ?? '')).toContain(
      `Re: ${SAMPLE_ANSWERS.matter}`,
    )

    await article.getByRole('link', { name: 'Open' }).click()
    await visible(page.getByRole('region', { name: 'Letter', exact: true }))
    await context.close()
  })

  it('offers a new version when one is served, and reloads only when asked', async () => {
    execFileSync('node_modules/.bin/vite', ['build', '--outDir', NEXT_BUILD], {
      // A clean environment: the test runner's NODE_ENV=test would make a development-style build.
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        VITE_DIAGNOSTICS: 'true',
        ADMIN_SECRET: 'e2e-admin-secret',
      },
      stdio: 'ignore',
    })
    let server = await startPreview(4349)
    onTestFinished(() => server.stop())
    const context = await browser.newContext({ baseURL: server.url })
    const page = await context.newPage()
    await page.goto('/')
    await visible(page.getByText('Letterhead is ready to work offline.'))
    await waitForServiceWorker(page)
    // Once is enough: a returning visitor is not told again.
    expect(await page.getByText('Letterhead is ready to work offline.').count()).toBe(0)

    await server.stop()
    server = await startPreview(4349, NEXT_BUILD)
    await page.reload()
    const prompt = page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'A new version is available' })
    await visible(prompt)
    await screenshot(page, 'update-available')
    const before = await page.evaluate(() => performance.timeOrigin)
    await page.waitForTimeout(1000)
    expect(await page.evaluate(() => performance.timeOrigin)).toBe(before)
    await Promise.all([
      page.waitForEvent('load'),
      prompt.getByRole('button', { name: 'Reload' }).click(),
    ])
    expect(await page.evaluate(() => performance.timeOrigin)).not.toBe(before)
    await context.close()
    await server.stop()
  })
})
