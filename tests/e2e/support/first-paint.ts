import type { BrowserContext, BrowserContextOptions, Locator, Page, Route } from 'playwright-core'
import { expect } from 'vitest'

/** The built entry, held back to see a page as it is before any script of the app has run. */
const ENTRY = /\/assets\/index-[\w-]+\.js$/

/**
 * Opens `path` in a new page of `context` (a fresh context with `viewport` when none is given)
 * with the app's entry held back; `release` lets it run. The service worker must not be serving
 * the entry: a context that already has one should block service workers.
 */
export async function beforeTheApp(
  browser: { newContext(options?: BrowserContextOptions): Promise<BrowserContext> },
  path: string,
  {
    viewport,
    context: given,
  }: { viewport?: { width: number; height: number }; context?: BrowserContext },
) {
  const context = given ?? (await browser.newContext(viewport ? { viewport } : {}))
  const page = await context.newPage()
  const held: Route[] = []
  await page.route(ENTRY, (route) => void held.push(route))
  await page.goto(path, { waitUntil: 'domcontentloaded' })
  await expect.poll(() => held.length).toBe(1)
  return { context, page, release: () => held[0]?.continue() }
}

/**
 * Resolves once the app's own field (enabled, unlike a frame's) is there. The app's code arrives
 * and starts first: on a machine at half speed, or busy, that takes more than expect.poll's second.
 */
export async function appHasTheField(field: Locator): Promise<void> {
  await expect.poll(() => field.isEnabled(), { timeout: 15_000 }).toBe(true)
}

type Shift = { value: number; sources: string[] }

/** Records the page's layout shifts from its next load on; the returned function reads them. */
export async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: Shift[] = []
    Object.assign(window, { layoutShifts: shifts })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number
        sources: { node: Node | null }[]
      }[])
        shifts.push({
          value: entry.value,
          sources: entry.sources.map((source) =>
            source.node instanceof Element ? source.node.outerHTML.slice(0, 120) : '',
          ),
        })
    }).observe({ type: 'layout-shift', buffered: true })
  })
  return () => page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts)
}

/** Expects the shifts recorded to add up to less than a thousandth: nothing a person sees move. */
export function expectNoShift(found: Shift[], what: string) {
  const total = found.reduce((sum, shift) => sum + shift.value, 0)
  expect(total, `${what}: ${JSON.stringify(found, null, 1)}`).toBeLessThan(0.001)
}
