import { afterAll } from 'vitest'
import { builtinEnvironments } from 'vitest/environments'

/**
 * A page's globals (document, window, …) for a test that renders the app
 * against the server in the same process. Imported first by a test that
 * runs in Node's environment: vitest's jsdom environment would transform
 * every module for a page, turning the server's
 * `new URL('./migrations', import.meta.url)` into an address to fetch, and
 * a file's environment can only be named, not given as a path. This sets up
 * the same jsdom page as that environment, and takes it down after the file.
 */
const page = await builtinEnvironments.jsdom.setup(globalThis, {})
afterAll(async () => {
  // React flushes an unmount's passive effects on the scheduler's next
  // turn, reading `window.event`; let that turn run before the page goes.
  await new Promise((resolve) => setTimeout(resolve, 50))
  await page.teardown(globalThis)
})
