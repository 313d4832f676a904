import { describe, expect, it } from 'vitest'
import { expectDashboard, newAccount, signUp } from './support/accounts'
import { screenshot, setupBrowser } from './support/browser'
import { visible } from './support/wait'

const browser = setupBrowser()
const POLL = { timeout: 10_000 }

/**
 * The Generate form's draft (decision 037) keeps even the last keystrokes: a
 * reload or a closed tab right after typing, before the pause that writes the
 * draft, loses nothing.
 */
describe('the Generate form’s draft', () => {
  it('keeps what was typed just before a reload or a closed tab', async () => {
    const context = await browser.newContext()
    let page = await context.newPage()
    await signUp(page, newAccount('drafter'))
    await expectDashboard(page, 'User')
    const matter = () => page.getByLabel('Matter/Subject')
    await visible(matter())

    await matter().fill('Unpaid invoice 1042')
    await page.reload()
    await expect.poll(() => matter().inputValue(), POLL).toBe('Unpaid invoice 1042')

    await matter().fill('Unpaid invoice 1043')
    await page.close({ runBeforeUnload: false })
    page = await context.newPage()
    await page.goto('/app?tab=generate')
    await visible(matter())
    await expect.poll(() => matter().inputValue(), POLL).toBe('Unpaid invoice 1043')
    await visible(page.getByText('Your unsent answers were restored from this device.'))
    await screenshot(page, 'draft-restored-after-closed-tab')
    await context.close()
  })
})
