import type { Page } from 'playwright-core'
import type { ScreenPart } from '../shared/harness-api'
import { median } from '../shared/stats'

export type ScreenResult = {
  /** What the database held. */
  data: string
  /** Navigation start to the dashboard header (the app shell) in the DOM. */
  shell: number
  /** Navigation start to everything the screen is measured for. */
  ready: number
  /** `ready` after the shell: the data's share. */
  afterShell: number
  runs: number
}

/**
 * Loads `path` `runs` times (after one warm-up load) and notes when the shell
 * and each of `parts` first appear.
 */
export async function measureScreen(
  page: Page,
  path: string,
  parts: readonly ScreenPart[],
  runs: number,
  data: string,
): Promise<ScreenResult> {
  const shells: number[] = []
  const readies: number[] = []
  const gaps: number[] = []
  for (let round = 0; round <= runs; round++) {
    await page.goto(path)
    const wanted = ['shell', ...parts] as const
    await page.waitForFunction(
      (names) => names.every((name) => window.letterheadProbe.marks[name] !== undefined),
      wanted,
    )
    const marks = await page.evaluate(() => window.letterheadProbe.marks)
    if (round === 0) continue
    const shell = marks.shell ?? Number.NaN
    const ready = Math.max(...parts.map((part) => marks[part] ?? Number.NaN))
    shells.push(shell)
    readies.push(ready)
    gaps.push(ready - shell)
  }
  return { data, shell: median(shells), ready: median(readies), afterShell: median(gaps), runs }
}
