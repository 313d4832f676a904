import { existsSync } from 'node:fs'
import { type Browser, chromium } from 'playwright-core'

/** The flags DESIGN.md §5 gives: the browser tests and the bench see the same Chromium. */
export const CHROMIUM_FLAGS = [
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

/** The system Chromium, headless, with the shared flags and any `extra` ones. */
export function launchChromium(extra: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [...CHROMIUM_FLAGS, ...extra],
  })
}
