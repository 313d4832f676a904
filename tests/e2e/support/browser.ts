import { existsSync, mkdirSync } from 'node:fs'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'

export const ARTIFACTS = 'test-artifacts'

function chromiumPath(): string {
  const path = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (candidate): candidate is string => Boolean(candidate && existsSync(candidate)),
  )
  if (!path)
    throw new Error('Chromium not found: run `node scripts/ensure-chromium.mjs` or set CHROME_PATH')
  return path
}

export const baseUrl = () => inject('baseUrl')

/** One Chromium per test file; each test takes a fresh context, so a fresh IndexedDB. */
export function setupBrowser() {
  let browser: Browser | undefined
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: chromiumPath(),
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    })
  })
  afterAll(async () => {
    await browser?.close()
  })
  return {
    async newContext(options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
      if (!browser) throw new Error('Browser not started')
      const context = await browser.newContext({ baseURL: baseUrl(), ...options })
      context.setDefaultTimeout(15_000)
      return context
    },
  }
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true })
  await page.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage: true })
}
