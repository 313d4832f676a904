import { existsSync } from 'node:fs'
import { type Browser, chromium } from 'playwright-core'

/** The flags docs/DESIGN.md §5 gives the browser tests, so both see the same Chromium. */
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export function chromiumPath(): string {
  const path = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (candidate): candidate is string => Boolean(candidate && existsSync(candidate)),
  )
  if (!path)
    throw new Error('Chromium not found: run `node scripts/ensure-chromium.mjs` or set CHROME_PATH')
  return path
}

/**
 * Chromium as the browser tests launch it, plus `gc()` for the harness, so one
 * subject's garbage is collected before the next is timed.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [...FLAGS, '--js-flags=--expose-gc'],
  })
}
