import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectDashboard, newAccount, signUp } from '../support/accounts'
import { setupBrowser } from '../support/browser'
import { setupLetterheadServer } from '../support/letterhead-server'
import { PHONE } from '../support/review'

/**
 * The dashboard holds still while it loads: nothing that arrives late (the sync status in the
 * header, the note that no letters are left) pushes what is already drawn. Measured as the browser
 * measures it (layout-shift entries), on a phone, where the header has the least room.
 */

const browser = setupBrowser()
const server = setupLetterheadServer(4386)

/** Lighthouse gives full marks up to 0.1 and flags a page from there; this keeps well clear. */
const MOST_SHIFT = 0.02

type Shift = { value: number; sources: string[] }

async function shiftsWhileLoading(page: Page, path: string): Promise<Shift[]> {
  await page.addInitScript(() => {
    const shifts: Shift[] = []
    Object.assign(window, { layoutShifts: shifts })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEntry[] & LayoutShiftEntry[])
        shifts.push({
          value: entry.value,
          sources: entry.sources.map((source) =>
            source.node instanceof Element ? source.node.outerHTML.slice(0, 120) : '',
          ),
        })
    }).observe({ type: 'layout-shift', buffered: true })
  })
  await page.goto(path)
  await page.getByRole('tablist', { name: 'Dashboard' }).waitFor()
  await page.getByRole('status').filter({ hasText: 'Synced' }).waitFor()
  await page.waitForTimeout(1_000)
  return page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts)
}

type LayoutShiftEntry = { value: number; sources: { node: Node | null }[] }

describe('the dashboard while it loads', () => {
  it('moves nothing already drawn, on a phone, for an account with no letters left', async () => {
    const context = await browser.newContext({
      baseURL: server.url(),
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
    })
    const page = await context.newPage()
    await signUp(page, newAccount('still'))
    await expectDashboard(page, 'User')

    const fresh = await context.newPage()
    const shifts = await shiftsWhileLoading(fresh, '/app')
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0)
    expect(total, JSON.stringify(shifts, null, 1)).toBeLessThan(MOST_SHIFT)
    await visibleNote(fresh)
    await context.close()
  })
})

/** The note the shift came from before is there, so the test saw the case it is about. */
async function visibleNote(page: Page) {
  await page
    .getByRole('status')
    .filter({ hasText: 'You have no letters left' })
    .waitFor({ state: 'visible' })
}
