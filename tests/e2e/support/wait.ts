import type { Locator } from 'playwright-core'

/** Resolves once the locator shows; fails the test with a timeout otherwise. */
export async function visible(locator: Locator): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible' })
  return locator
}

export async function hidden(locator: Locator): Promise<void> {
  await locator.first().waitFor({ state: 'hidden' })
}
