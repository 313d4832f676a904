import type { Browser } from 'playwright-core'
import { launchChromium as launchShared } from '../../tests/support/chromium'

/**
 * Chromium as the browser tests launch it, plus `gc()` for the harness, so one
 * subject's garbage is collected before the next is timed.
 */
export function launchChromium(): Promise<Browser> {
  return launchShared(['--js-flags=--expose-gc'])
}
