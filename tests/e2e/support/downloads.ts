import { readFile } from 'node:fs/promises'
import type { Locator, Page } from 'playwright-core'

/** Opens a letter's Download menu, chooses `item`, and returns the saved file. */
export async function downloadFrom(page: Page, scope: Locator | Page, item: string) {
  await scope.getByRole('button', { name: 'Download' }).click()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: item }).click(),
  ])
  const path = await download.path()
  return { name: download.suggestedFilename(), bytes: new Uint8Array(await readFile(path)) }
}
