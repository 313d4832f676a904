import type { Locator, Page } from 'playwright-core'

/** Resolves once the locator shows; fails the test with a timeout otherwise. */
export async function visible(locator: Locator): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible' })
  return locator
}

export async function hidden(locator: Locator): Promise<void> {
  await locator.first().waitFor({ state: 'hidden' })
}

/**
 * Resolves once React has the landing page at `/` (decision 033): hydrated for a visitor, or
 * replaced by the app for someone signed in. Until then the page shows its prerendered markup,
 * which the app may swap out from under a locator.
 */
export async function landingLive(page: Page): Promise<void> {
  await page.locator('#root[data-live]').waitFor({ state: 'attached' })
}
