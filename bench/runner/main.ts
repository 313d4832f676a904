import { writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { startPreview } from '../../tests/e2e/support/preview-server'
import { launchChromium } from './browser'
import { buildForBench, OUT_DIR } from './build'
import { type BenchEnv, newContext, openHarness, readManifest } from './env'
import { measureExports } from './exports'
import { measureLoads } from './load'
import { parseArgs, type Plan, type Suite } from './plan'
import { benchPort } from './port'
import { formatReport } from './report'
import { measureScreen } from './screens'
import { measureQuota, runStorage } from './storage'
import { measureSync } from './sync'
import { checkTargets, missedTargets, type Results } from './targets'

const count = (value: number) => value.toLocaleString('en-US')
const log = (line: string) => console.log(line)

/** Storage, then the admin dashboard over the demo data the storage suite left in that profile. */
async function storageAndAdmin(env: BenchEnv, suites: Set<Suite>, plan: Plan, results: Results) {
  const context = await newContext(env)
  const page = await context.newPage()
  page.on('console', (message) => {
    // The service worker is blocked on purpose in this profile.
    if (message.type() === 'warning' && !message.text().includes('Service Worker'))
      log(`  page: ${message.text()}`)
  })
  const storage = await runStorage(
    page,
    suites.has('storage') ? plan.storage : { ...plan.storage, scales: [], runs: 1 },
    log,
  )
  if (suites.has('storage')) {
    results.storage = storage
    log('storage: localStorage quota')
    results.localStorageQuota = await measureQuota(page)
  }
  if (suites.has('screens')) {
    log('screens: admin dashboard')
    const { users, letters } = plan.storage.admin
    const admin = await measureScreen(
      page,
      '/app/admin',
      ['cards', 'table'],
      plan.screenRuns,
      `${count(letters)} letters, ${count(users)} accounts`,
    )
    results.screens = { admin, myLetters: admin }
  }
  await context.close()
}

/** My Letters, then exports from it, for one user with many letters. */
async function myLettersAndExport(env: BenchEnv, suites: Set<Suite>, plan: Plan, results: Results) {
  const context = await newContext(env)
  const page = await context.newPage()
  await openHarness(page)
  log(`screens: seeding ${count(plan.myLetters)} letters`)
  await page.evaluate((letters) => window.letterheadBench.seedMyLetters(letters), plan.myLetters)
  const path = '/app?tab=letters'
  if (results.screens) {
    log('screens: My Letters')
    results.screens.myLetters = await measureScreen(
      page,
      path,
      ['rows'],
      plan.screenRuns,
      `${count(plan.myLetters)} letters`,
    )
  }
  if (suites.has('export')) {
    log('export: PDF and DOCX')
    results.export = await measureExports(env, page, path, plan.exportLoads, plan.exportRepeats)
  }
  await context.close()
}

async function runSuites(
  env: BenchEnv,
  suites: Set<Suite>,
  plan: Plan,
  syncPort: number,
): Promise<Results> {
  const results: Results = {}
  if (suites.has('storage') || suites.has('screens'))
    await storageAndAdmin(env, suites, plan, results)
  if (suites.has('screens') || suites.has('export'))
    await myLettersAndExport(env, suites, plan, results)
  if (suites.has('load')) {
    log('load: cold loads online, then offline')
    results.load = await measureLoads(env, ['/', '/app'], plan.loadRuns)
  }
  if (suites.has('sync')) results.sync = await measureSync(env, syncPort, plan.sync)
  return results
}

/** `npm run bench`: builds, serves, measures, reports; 1 when a target is missed. */
export async function main(args: readonly string[]): Promise<number> {
  const { suites, plan, quick, build } = parseArgs(args)
  if (build) {
    log(`building into ${OUT_DIR}/`)
    await buildForBench()
  }
  const port = benchPort()
  const server = await startPreview(port, OUT_DIR)
  const browser = await launchChromium()
  const started = Date.now()
  const loadBefore = loadavg()[0] ?? 0
  try {
    const env: BenchEnv = {
      browser,
      baseUrl: server.url,
      outDir: OUT_DIR,
      manifest: readManifest(OUT_DIR),
    }
    // The sync suite's Letterhead server listens on the next port.
    const results = await runSuites(env, suites, plan, port + 1)
    const targets = checkTargets(results)
    log(`\n${formatReport(results, targets)}\n`)
    const machine = {
      cpus: cpus().length,
      cpu: cpus()[0]?.model ?? 'unknown',
      chromium: browser.version(),
      node: process.version,
      // Other work on the machine moves the figures; the one-minute load average at start and end.
      loadAverage: [loadBefore, loadavg()[0] ?? 0].map((value) => Math.round(value * 10) / 10),
    }
    const seconds = Math.round((Date.now() - started) / 1000)
    writeFileSync(
      quick ? 'bench/results.quick.json' : 'bench/results.json',
      `${JSON.stringify({ date: new Date().toISOString(), machine, seconds, results, targets }, null, 2)}\n`,
    )
    const missed = missedTargets(targets)
    log(
      `${seconds} s. ${missed.length === 0 ? 'Every target met.' : `${missed.length} of ${targets.length} targets missed.`}`,
    )
    return missed.length === 0 ? 0 : 1
  } finally {
    await browser.close()
    await server.stop()
  }
}
