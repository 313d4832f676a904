import type { Browser, Page } from 'playwright-core'
import { API_PATHS } from '@/domain/api'
import { launchChromium } from '../../tests/support/chromium'
import type { Account } from '../server/accounts'
import { pushLetter } from './fixtures'

export type BenchPage = { browser: Browser; page: Page; account: Account; letterId: string }

/**
 * Chromium on a page of the Letterhead server's own origin (its health
 * answer: the bench needs the origin, not the app), signed up there by the
 * page itself, so its calls carry its session cookie and its Origin as the
 * app's do; and one letter of that account to write.
 */
export async function openBenchPage(origin: string): Promise<BenchPage> {
  const browser = await launchChromium()
  try {
    const page = await browser.newPage()
    await page.goto(`${origin}/api/health`)
    // tsx names functions with esbuild's `__name`, which page.evaluate's copies call.
    await page.evaluate('globalThis.__name = (target) => target')
    const email = `bench-ai-browser-${Date.now()}@example.com`
    const status = await page.evaluate(
      async ({ path, email }) => {
        const response = await fetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            fullName: 'Bench Browser',
            email,
            password: 'bench password 4f1c9e',
            role: 'user',
          }),
        })
        return response.status
      },
      { path: API_PATHS.signUp, email },
    )
    if (status !== 201) throw new Error(`The page's sign-up answered ${status}`)
    const cookies = await page.context().cookies(origin)
    const cookie = cookies.map((one) => `${one.name}=${one.value}`).join('; ')
    const account: Account = { id: '', email, cookie }
    const letterId = await pushLetter(origin, account)
    return { browser, page, account, letterId }
  } catch (error) {
    await browser.close()
    throw error
  }
}
