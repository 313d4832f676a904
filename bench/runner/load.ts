import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import type { BrowserContext, Page } from 'playwright-core'
import { median } from '../shared/stats'
import { type BenchEnv, newContext, openHarness } from './env'

export type LoadResult = {
  path: string
  mode: 'online' | 'offline'
  fcp: number
  lcp: number
  /** Gzip size (level 9) of every script the page ran, in bytes. */
  jsGzip: number
  jsFiles: number
  /** What crossed the network for the page itself, in bytes; 0 when the service worker answered. */
  network: number
  runs: number
}

type Sample = Omit<LoadResult, 'path' | 'mode' | 'runs'>

const gzipCache = new Map<string, number>()

function gzipSize(env: BenchEnv, pathname: string): number {
  let size = gzipCache.get(pathname)
  if (size === undefined) {
    size = gzipSync(readFileSync(`${env.outDir}${pathname}`), { level: 9 }).length
    gzipCache.set(pathname, size)
  }
  return size
}

/** One navigation to `path`, measured once the network has been quiet for half a second. */
async function loadOnce(env: BenchEnv, page: Page, path: string): Promise<Sample> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  let network = 0
  const fromWorker = new Set<string>()
  cdp.on('Network.responseReceived', (event) => {
    if (event.response.fromServiceWorker) fromWorker.add(event.requestId)
  })
  cdp.on('Network.loadingFinished', (event) => {
    if (!fromWorker.has(event.requestId)) network += event.encodedDataLength
  })
  await page.goto(path, { waitUntil: 'load' })
  await page.waitForLoadState('networkidle')
  const seen = await page.evaluate(() => ({
    fcp: window.letterheadProbe.fcp,
    lcp: window.letterheadProbe.lcp,
    scripts: performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((pathname) => pathname.endsWith('.js')),
  }))
  await cdp.detach()
  const scripts = [...new Set(seen.scripts)]
  return {
    fcp: seen.fcp ?? Number.NaN,
    lcp: seen.lcp ?? Number.NaN,
    jsGzip: scripts.reduce((sum, pathname) => sum + gzipSize(env, pathname), 0),
    jsFiles: scripts.length,
    network,
  }
}

function summarise(path: string, mode: LoadResult['mode'], samples: Sample[]): LoadResult {
  const of = (key: keyof Sample) => median(samples.map((sample) => sample[key]))
  return {
    path,
    mode,
    fcp: of('fcp'),
    lcp: of('lcp'),
    jsGzip: of('jsGzip'),
    jsFiles: of('jsFiles'),
    network: of('network'),
    runs: samples.length,
  }
}

/** A signed-in user with a few letters, so `/app` shows the dashboard rather than sign-in. */
async function signedInUser(context: BrowserContext): Promise<void> {
  const page = await context.newPage()
  await openHarness(page)
  await page.evaluate(() => window.letterheadBench.seedMyLetters(10))
  await page.close()
}

/** Each run a new profile: empty cache, no service worker yet. */
async function coldOnline(env: BenchEnv, path: string, runs: number): Promise<LoadResult> {
  const samples: Sample[] = []
  for (let run = 0; run < runs; run++) {
    const context = await newContext(env, { serviceWorker: true })
    try {
      if (path.startsWith('/app')) await signedInUser(context)
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Network.clearBrowserCache')
      await cdp.detach()
      samples.push(await loadOnce(env, page, path))
    } finally {
      await context.close()
    }
  }
  return summarise(path, 'online', samples)
}

/**
 * One visit installs the service worker; then, with the network cut, each
 * load comes from it. As online, `/app` is loaded by a signed-in user and `/`
 * by a visitor, each in a profile of their own.
 */
async function offline(env: BenchEnv, path: string, runs: number): Promise<LoadResult> {
  const context = await newContext(env, { serviceWorker: true })
  try {
    if (path.startsWith('/app')) await signedInUser(context)
    const page = await context.newPage()
    await page.goto('/')
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    await context.setOffline(true)
    const samples: Sample[] = []
    for (let run = 0; run < runs; run++) samples.push(await loadOnce(env, page, path))
    return summarise(path, 'offline', samples)
  } finally {
    await context.close()
  }
}

export async function measureLoads(
  env: BenchEnv,
  paths: string[],
  runs: number,
): Promise<LoadResult[]> {
  const results: LoadResult[] = []
  for (const path of paths) results.push(await coldOnline(env, path, runs))
  for (const path of paths) results.push(await offline(env, path, runs))
  return results
}
