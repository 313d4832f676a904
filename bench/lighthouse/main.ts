import { writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { resolve } from 'node:path'
import { removeDataDir, startLetterheadServer } from '../../tests/e2e/support/letterhead-server'
import { buildForBench, OUT_DIR } from '../runner/build'
import { benchPort } from '../runner/port'
import { missedTargets, target, type Target } from '../runner/targets'
import { audit, CATEGORIES, type LighthouseRun } from './audit'
import { startChromium } from './chromium'
import { withRealTimePriority } from './priority'
import { formatLighthouse } from './report'
import { type PageResult, pageResult } from './results'
import { signUpInBrowser } from './sign-up'

/** The pages audited, in this order: the signed-out ones before the sign-up the dashboard needs. */
const PAGES = [
  { path: '/', signedIn: false },
  { path: '/auth', signedIn: false },
  { path: '/app', signedIn: true },
] as const

/**
 * The target: 100 in every category on every page. `/` paints from its prerendered HTML
 * (decision 033), `/auth` and `/app` from frames in index.html (decisions 039 and 040), and the
 * app starts after that paint, in short tasks (decision 041). docs/performance.md ("Lighthouse")
 * shows where each point goes.
 */
const FULL_MARKS = 100

const log = (line: string) => console.log(line)
const slug = (path: string) => (path === '/' ? 'landing' : path.slice(1).replaceAll('/', '-'))

export function lighthouseTargets(pages: PageResult[]): Target[] {
  return pages.flatMap((page) =>
    CATEGORIES.map((category) =>
      target(
        `Lighthouse ${category} of ${page.path} (median of ${page.runs.length})`,
        page.scores[category],
        'min',
        FULL_MARKS,
        '',
      ),
    ),
  )
}

async function auditPages(devToolsPort: number, origin: string, runs: number) {
  const pages: PageResult[] = []
  for (const { path, signedIn } of PAGES) {
    if (signedIn) {
      log('lighthouse: signing up in the browser')
      await signUpInBrowser(devToolsPort, origin)
    }
    const done: LighthouseRun[] = []
    for (let run = 1; run <= runs; run++) {
      log(`lighthouse: ${path}, run ${run} of ${runs}`)
      const file = `test-artifacts/lighthouse/${slug(path)}-${run}.json`
      done.push(await audit(devToolsPort, origin, path, file))
    }
    pages.push(pageResult(path, done))
  }
  return pages
}

/**
 * `npm run bench:lighthouse` (and the last step of `npm run bench`): Lighthouse 12 on the
 * production build as users get it, from the Letterhead server; 1 when a target is missed.
 * Its server listens on BENCH_PORT + 2 and Chromium's DevTools on BENCH_PORT + 3.
 */
export async function main(args: readonly string[]): Promise<number> {
  const quick = args.includes('--quick')
  const runs = quick ? 1 : 3
  if (!args.includes('--no-build')) {
    log(`lighthouse: building into ${OUT_DIR}/`)
    await buildForBench()
  }
  const port = benchPort() + 2
  const started = Date.now()
  const loadBefore = loadavg()[0] ?? 0
  const {
    started: { server, chromium },
    realTime,
  } = await withRealTimePriority(() => startServerAndChromium(port))
  try {
    const pages = await auditPages(chromium.port, server.url, runs)
    const targets = lighthouseTargets(pages)
    log(`\n${formatLighthouse(pages, targets)}\n`)
    const machine = {
      cpus: cpus().length,
      cpu: cpus()[0]?.model ?? 'unknown',
      chromium: chromium.version,
      node: process.version,
      loadAverage: [loadBefore, loadavg()[0] ?? 0].map((value) => Math.round(value * 10) / 10),
      priority: realTime ? 'real-time (SCHED_RR 1)' : 'normal',
    }
    const seconds = Math.round((Date.now() - started) / 1000)
    writeFileSync(
      `test-artifacts/bench-lighthouse${quick ? '.quick' : ''}.json`,
      `${JSON.stringify({ date: new Date().toISOString(), machine, seconds, pages, targets }, null, 2)}\n`,
    )
    const missed = missedTargets(targets)
    log(
      `lighthouse: ${seconds} s. ${missed.length === 0 ? 'Every target met.' : `${missed.length} of ${targets.length} targets missed.`}`,
    )
    return missed.length === 0 ? 0 : 1
  } finally {
    await chromium.stop()
    await server.stop()
    removeDataDir(server)
  }
}

/** The Letterhead server on `port` serving the bench build, and Chromium with DevTools on the next port. */
async function startServerAndChromium(port: number) {
  const server = await startLetterheadServer(
    port,
    undefined,
    { STATIC_DIR: resolve(OUT_DIR), ADMIN_SECRET: 'bench-admin-secret' },
    // Loading the server through tsx and opening PGlite took over a minute on a busy machine.
    180_000,
  )
  try {
    return { server, chromium: await startChromium(port + 1) }
  } catch (error) {
    await server.stop()
    removeDataDir(server)
    throw error
  }
}
