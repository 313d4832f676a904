import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest'
import { launchChromium } from '../../support/chromium'

export const ARTIFACTS = 'test-artifacts'

export const baseUrl = () => inject('baseUrl')

const CSP_PREFIX = 'Content-Security-Policy violation:'

/** Every page reports what the Content-Security-Policy blocked, in the console where the test hears it. */
function reportCspViolations() {
  document.addEventListener('securitypolicyviolation', (event) => {
    const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : ''
    console.error(
      `Content-Security-Policy violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}${where}`,
    )
  })
}

/**
 * One Chromium per test file; each test takes a fresh context, so a fresh
 * IndexedDB. A test fails when any page broke the Content-Security-Policy,
 * unless it took the violations itself with `takeCspViolations`.
 */
export function setupBrowser() {
  let browser: Browser | undefined
  let cspViolations: string[] = []
  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
  })
  afterEach(() => {
    const found = cspViolations
    cspViolations = []
    expect(found, 'Content-Security-Policy violations').toEqual([])
  })
  return {
    takeCspViolations(): string[] {
      const found = cspViolations
      cspViolations = []
      return found
    },
    async newContext(options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
      if (!browser) throw new Error('Browser not started')
      const context = await browser.newContext({ baseURL: baseUrl(), ...options })
      context.setDefaultTimeout(15_000)
      await context.addInitScript(reportCspViolations)
      context.on('console', (message) => {
        if (message.type() === 'error' && message.text().startsWith(CSP_PREFIX))
          cspViolations.push(message.text())
      })
      return context
    },
  }
}

export async function screenshot(page: Page, name: string): Promise<void> {
  const path = `${ARTIFACTS}/${name}.png`
  mkdirSync(dirname(path), { recursive: true })
  await page.screenshot({ path, fullPage: true })
}
