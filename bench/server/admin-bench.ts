// `npm run bench:admin` (`npm run bench:server -- --part=admin`): the admin's reads and checkout at
// a million letters. For each database: a scratch database seeded by the demo seed (server/demo),
// the reads measured in this process through app.inject against their floors, then checkout under
// load against the real server in the target process on 127.0.0.1.
import { writeFileSync } from 'node:fs'
import { Writable } from 'node:stream'
import { cpus, loadavg, totalmem } from 'node:os'
import * as words from '@/data/demo-words'
import type { AdminTable } from '@/domain/admin-api'
import { API_PATHS } from '@/domain/api'
import { buildApp } from '../../server/app'
import type { Config } from '../../server/config'
import { type Database, openDatabase } from '../../server/db/database'
import { DEMO_ADMIN_EMAIL } from '../../server/demo/accounts'
import { DEMO_PASSWORD, seedDemo } from '../../server/demo/seed'
import type { DemoSizes } from '../../server/demo/sizes'
import { loggerOptions } from '../../server/http/logger'
import { origin, seedAccounts } from './accounts'
import { checkoutLoad } from './admin-checkout'
import { type AdminPlan, parseAdminArgs } from './admin-plan'
import { measureRead, readSubjects, type Searches } from './admin-reads'
import {
  type AdminMeasured,
  type AdminResult,
  adminTargets,
  formatAdminReport,
  isAdminMeasured,
  readName,
} from './admin-report'
import {
  createBenchDatabase,
  DEFAULT_POSTGRES_URL,
  pgliteDirectory,
  postgresProblem,
  redact,
} from './databases'
import type { DatabaseChoice } from './protocol'
import type { DatabaseLabel } from './results'
import { startTarget } from './target-client'

/** The test configuration's settings, the log at warn, no auth rate limit in reach (as target.ts). */
const CONFIG: Config = {
  port: 0,
  host: '127.0.0.1',
  dataDir: '',
  databaseUrl: undefined,
  staticDir: '/nonexistent-letterhead-build',
  adminSecret: 'bench-admin-secret-7c2a',
  usesDevelopmentAdminSecret: false,
  logLevel: 'warn',
  authRateLimit: 10_000_000,
  trustProxy: false,
  publicOrigin: undefined,
}

const log = (line: string) => console.log(line)

/**
 * What the searched pages look for: a surname from the word lists, an
 * employee's own surname (a small seed may have no employee named Nakamura),
 * an employee's code, an error.
 */
function searches(couponCode: string, employeeSurname: string): Searches {
  return {
    users: 'Nakamura',
    employees: employeeSurname,
    letters: 'Nakamura',
    subscriptions: couponCode,
    messages: 'Nakamura',
    errors: 'Quota',
  } satisfies Record<AdminTable, string>
}

async function seed(database: Database, label: DatabaseLabel, sizes: DemoSizes) {
  const started = performance.now()
  let shown = 0
  const result = await seedDemo(database.db, {
    sizes,
    words,
    onProgress: ({ stage, done, total }) => {
      const now = performance.now()
      if (done !== total && now - shown < 10_000) return
      shown = now
      log(
        `  ${label}: seeding ${stage}, ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`,
      )
    },
  })
  const total = (performance.now() - started) / 1000
  if (!result.employee) throw new Error('The seed made no employee, so no coupon to search or use')
  return { seconds: { ...result.seconds, total }, couponCode: result.employee.couponCode }
}

/** The surname of the first employee the seed made. */
async function employeeSurname(database: Database): Promise<string> {
  const [row] = (await database.query(
    `select full_name from users where role = 'employee' order by created_at, id limit 1`,
  )) as { full_name: string }[]
  return row?.full_name.trim().split(/\s+/).at(-1) ?? 'Nakamura'
}

/** Coupon codes of `count` employees, for the buyers. */
async function couponCodes(database: Database, count: number): Promise<string[]> {
  const rows = (await database.query(
    `select coupon_code from users where role = 'employee' order by created_at limit $1`,
    [count],
  )) as { coupon_code: string }[]
  return rows.map((row) => row.coupon_code)
}

/** The admin's reads, in this process: the app on the seeded database, signed in as the demo admin. */
async function measureReads(
  database: Database,
  label: DatabaseLabel,
  plan: AdminPlan,
  couponCode: string,
) {
  const warnings: string[] = []
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const line = chunk.toString('utf8').trim()
      if (!line.includes('no built app found')) warnings.push(line.slice(0, 4000))
      done()
    },
  })
  const app = await buildApp({ config: CONFIG, database, logger: loggerOptions('warn', logStream) })
  try {
    const signIn = await app.inject({
      method: 'POST',
      url: API_PATHS.signIn,
      payload: { email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD },
    })
    const session = signIn.cookies.find((cookie) => cookie.name.endsWith('letterhead_session'))
    if (signIn.statusCode !== 200 || !session)
      throw new Error(`The demo admin could not sign in: ${signIn.statusCode} ${signIn.body}`)
    const cookie = `${session.name}=${session.value}`
    const { subjects, listed } = await readSubjects(
      database,
      searches(couponCode, await employeeSurname(database)),
    )
    const reads = []
    for (const subject of subjects) {
      const read = await measureRead(database, app, cookie, subject, plan.reads)
      log(
        `  ${label}: ${readName(read)}: median ${read.route.medianMs.toFixed(2)} ms, floor ${read.floor.medianMs.toFixed(2)} ms`,
      )
      reads.push(read)
    }
    return { reads, listed, warnings }
  } finally {
    await app.close()
  }
}

async function benchDatabase(
  label: DatabaseLabel,
  choice: DatabaseChoice,
  plan: AdminPlan,
): Promise<AdminMeasured> {
  const database = await openDatabase(choice)
  let seeded: Awaited<ReturnType<typeof seed>>
  let read: Awaited<ReturnType<typeof measureReads>>
  let version: string
  let coupons: string[]
  try {
    log(`${label}: seeding`)
    seeded = await seed(database, label, plan.sizes)
    log(`${label}: seeded in ${Math.round(seeded.seconds.total)} s; the admin's reads`)
    read = await measureReads(database, label, plan, seeded.couponCode)
    coupons = await couponCodes(database, plan.buyers)
    const [row] = (await database.query('select version() as version')) as { version: string }[]
    version = row?.version.split(' on ')[0] ?? 'unknown'
  } finally {
    // PGlite's directory is this process's alone while open: the target opens it next.
    await database.close()
  }
  log(`${label}: checkout, ${plan.buyers} buyers at once, in the server process`)
  const target = await startTarget(choice, false)
  const warnings = [...read.warnings, ...target.warnings]
  try {
    const appOrigin = origin(target.ports.app)
    const buyers = await seedAccounts(appOrigin, plan.buyers, 'bench-buyer')
    const checkout = await checkoutLoad(appOrigin, buyers, coupons, plan.checkout)
    return {
      database: label,
      version,
      sizes: plan.sizes,
      seed: seeded.seconds,
      listed: read.listed,
      reads: read.reads,
      checkout,
      warnings,
    }
  } finally {
    warnings.push(...(await target.stop()))
  }
}

async function benchPostgres(plan: AdminPlan, cleanups: Set<() => unknown>): Promise<AdminResult> {
  const adminUrl = process.env.TEST_DATABASE_URL || DEFAULT_POSTGRES_URL
  const problem = await postgresProblem(adminUrl)
  if (problem) {
    const skipped = `PostgreSQL at ${redact(adminUrl)} is not reachable: ${problem}`
    log(`${skipped}.`)
    return { database: 'PostgreSQL', skipped }
  }
  const created = await createBenchDatabase(adminUrl)
  cleanups.add(created.drop)
  log(`PostgreSQL: database ${created.name} on ${redact(adminUrl)}`)
  try {
    return await benchDatabase('PostgreSQL', { kind: 'postgres', url: created.url }, plan)
  } finally {
    await created.drop()
    cleanups.delete(created.drop)
  }
}

async function benchPglite(plan: AdminPlan, cleanups: Set<() => unknown>): Promise<AdminResult> {
  const directory = pgliteDirectory()
  cleanups.add(directory.remove)
  log(`PGlite: data directory ${directory.dataDir}`)
  try {
    return await benchDatabase('PGlite', { kind: 'pglite', dataDir: directory.dataDir }, plan)
  } finally {
    directory.remove()
    cleanups.delete(directory.remove)
  }
}

/** Runs the admin bench; 1 when a target is missed. `cleanups` are run.ts's, undone on Ctrl-C. */
export async function adminBench(
  args: readonly string[],
  cleanups: Set<() => unknown>,
): Promise<number> {
  const plan = parseAdminArgs(args)
  const started = Date.now()
  const loadBefore = loadavg()[0] ?? 0
  const results: AdminResult[] = []
  // PostgreSQL first: PGlite's figures are compared with its.
  for (const database of plan.databases)
    results.push(
      database === 'PGlite'
        ? await benchPglite(plan, cleanups)
        : await benchPostgres(plan, cleanups),
    )
  const targets = adminTargets(results)
  const machine = {
    cpus: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    loadAverage: [loadBefore, loadavg()[0] ?? 0].map((value) => Math.round(value * 10) / 10),
  }
  const seconds = Math.round((Date.now() - started) / 1000)
  log(`\n${formatAdminReport(results, targets)}\n`)
  log(
    `${machine.cpus} × ${machine.cpu}, ${machine.memoryGb} GB, Node ${machine.node}, load average ${machine.loadAverage.join(' → ')}.`,
  )
  for (const result of results.filter(isAdminMeasured)) {
    log(`${result.database}: ${result.version}`)
    for (const line of result.warnings) log(`${result.database} logged: ${line}`)
  }
  writeFileSync(
    plan.quick ? 'bench/results.admin.quick.json' : 'bench/results.admin.json',
    `${JSON.stringify({ date: new Date().toISOString(), machine, plan, seconds, databases: results, targets }, null, 2)}\n`,
  )
  if (!results.some(isAdminMeasured)) {
    log(`${seconds} s. No database was measured.`)
    return 1
  }
  const missed = targets.filter((one) => !one.met)
  log(
    `${seconds} s. ${missed.length === 0 ? 'Every target met.' : `${missed.length} of ${targets.length} targets missed.`}`,
  )
  return missed.length === 0 ? 0 : 1
}
