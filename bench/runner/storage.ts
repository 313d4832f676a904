import type { Page } from 'playwright-core'
import type { StorageScaleResult } from '../shared/harness-api'
import { openHarness } from './env'

export type StoragePlan = {
  scales: readonly number[]
  admin: { users: number; letters: number }
  runs: number
}

/** How many characters this origin's localStorage holds: what bounds the seed's layout. */
export function measureQuota(page: Page): Promise<number> {
  return page.evaluate(() => window.letterheadBench.localStorageQuota())
}

/**
 * Storage and overhead at each size, then admin totals over the demo data
 * set, which stays in the page's database (an admin signed in) for the
 * admin dashboard's screen.
 */
export async function runStorage(
  page: Page,
  plan: StoragePlan,
  log: (line: string) => void,
): Promise<StorageScaleResult[]> {
  const results: StorageScaleResult[] = []
  await openHarness(page)
  for (const letters of plan.scales) {
    log(`storage: ${letters.toLocaleString('en-US')} letters`)
    results.push(
      await page.evaluate(([count, runs]) => window.letterheadBench.storage(count, runs), [
        letters,
        plan.runs,
      ] as const),
    )
  }
  const { users, letters } = plan.admin
  log(`storage: admin totals at ${letters.toLocaleString('en-US')} letters`)
  results.push(
    await page.evaluate(([u, l, runs]) => window.letterheadBench.adminScale(u, l, runs), [
      users,
      letters,
      plan.runs,
    ] as const),
  )
  return results
}
