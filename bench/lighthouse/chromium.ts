import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CHROMIUM_FLAGS, chromiumPath } from '../../tests/support/chromium'

export type DebuggableChromium = {
  /** The DevTools port Lighthouse and Playwright connect to. */
  port: number
  version: string
  stop: () => Promise<void>
}

async function waitForDevTools(port: number, child: ChildProcess): Promise<string> {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Chromium exited with code ${child.exitCode}`)
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/json/version`)
      if (answer.ok) return ((await answer.json()) as { Browser: string }).Browser
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`Chromium did not open DevTools on port ${port}`)
}

/**
 * The system Chromium (as the browser tests find it, with their flags), headless, on a fresh
 * profile, with DevTools on `port`: Lighthouse runs in it, and the bench signs up in the same
 * profile so the dashboard can be audited signed in.
 */
export async function startChromium(port: number): Promise<DebuggableChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'letterhead-lighthouse-'))
  const child = spawn(
    chromiumPath(),
    [
      ...CHROMIUM_FLAGS,
      '--headless',
      `--remote-debugging-port=${port}`,
      '--remote-debugging-address=127.0.0.1',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  )
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      await exited
    }
    rmSync(profile, { recursive: true, force: true })
  }
  try {
    return { port, version: await waitForDevTools(port, child), stop }
  } catch (error) {
    await stop()
    throw error
  }
}
