// `npm run bench:server`: the real Letterhead server under load on loopback, against PGlite and
// PostgreSQL: GET /api/auth/me and sign-in beside their floors, sync's push and many devices
// beside theirs (and the server's memory meanwhile), then pull, checkout and the admin's pages.
import { writeFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { cpus, loadavg, totalmem } from 'node:os'
import type { Request } from 'autocannon'
import { API_PATHS } from '@/domain/api'
import { SESSION_COOKIE } from '../../server/auth/session-cookie'
import {
  createBenchDatabase,
  DEFAULT_POSTGRES_URL,
  pgliteDirectory,
  postgresProblem,
  redact,
} from './databases'
import { type Account, origin, PASSWORD, seedAccounts } from './accounts'
import { adminBench } from './admin-bench'
import { hit, type Load, type Measurement, type Sample, summarize } from './load'
import { PROFILE_STEPS } from './profile'
import {
  devicesAgainstFloor,
  PUSH_SCENARIOS,
  pushAgainstFloor,
  QUICK_SYNC_PLAN,
  SYNC_PLAN,
  type SyncPlan,
} from './sync-bench'
import type { DatabaseChoice } from './protocol'
import { formatReport, signInCpuRatio, signInShare } from './report'
import { measureRoutes, routesPlan, type RoutesPlan } from './route-bench'
import { scenarioRows } from './scenarios'
import { standaloneDevices } from './standalone-bench'
import {
  checkTargets,
  type DatabaseLabel,
  type DatabaseResult,
  isMeasured,
  type Measured,
  type SyncMeasured,
} from './results'
import { startTarget, type Target, type Verified } from './target-client'

type Part = 'auth' | 'sync' | 'routes'
const PARTS: readonly Part[] = ['auth', 'sync', 'routes']

type Plan = {
  quick: boolean
  profile: boolean
  databases: DatabaseLabel[]
  parts: Set<Part>
  sync: SyncPlan
  routes: RoutesPlan
  connections: number
  accounts: number
  /** Seconds. Every measurement is one warm-up, then a fixed time. */
  warmUp: number
  measure: number
  profileWarmUp: number
  profileMeasure: number
  /** Calls of each part of findSession per round, one at a time. */
  microCalls: number
}

const USAGE = `npm run bench:server [-- --quick] [-- --profile] [-- --only=pglite|postgres] [-- --part=auth|sync|routes]
  --quick    short runs, to check the bench itself (writes bench/results.server.quick.json)
  --profile  also measure GET /api/auth/me layer by layer (about two minutes more per database)
  --only     one database
  --part     one part: auth (GET /api/auth/me, sign-in), sync (push, many devices, and the memory
             of one server alone under them) or routes (pull, checkout, the admin's pages on a modest demo seed);
             --part=admin is the admin bench at a million letters (npm run bench:admin), never run by default`

function parseArgs(args: readonly string[]): Plan {
  let quick = false
  let profile = false
  let databases: DatabaseLabel[] = ['PGlite', 'PostgreSQL']
  let parts = new Set<Part>(PARTS)
  for (const arg of args) {
    const part = PARTS.find((one) => arg === `--part=${one}`)
    if (arg === '--quick') quick = true
    else if (part) parts = new Set([part])
    else if (arg === '--profile') profile = true
    else if (arg === '--only=pglite') databases = ['PGlite']
    else if (arg === '--only=postgres') databases = ['PostgreSQL']
    else throw new Error(`Unknown argument ${arg}\n${USAGE}`)
  }
  return {
    quick,
    profile,
    databases,
    parts,
    sync: quick ? QUICK_SYNC_PLAN : SYNC_PLAN,
    routes: routesPlan(quick, 10),
    connections: 10,
    accounts: 5,
    warmUp: quick ? 0.5 : 2,
    measure: quick ? 2 : 8,
    profileWarmUp: quick ? 0.5 : 1,
    profileMeasure: quick ? 1 : 4,
    microCalls: quick ? 200 : 1500,
  }
}

const log = (line: string) => console.log(line)

const tokenOf = (account: Account) => account.cookie.slice(`${SESSION_COOKIE}=`.length)

/** Undone on Ctrl-C too: the bench's database and PGlite's directory. */
const cleanups = new Set<() => unknown>()
let interrupted = false
const interrupt = () => {
  if (interrupted) return
  interrupted = true
  void Promise.allSettled([...cleanups].map((cleanup) => Promise.resolve().then(cleanup))).then(
    () => process.exit(130),
  )
}
process.on('SIGINT', interrupt)
process.on('SIGTERM', interrupt)

async function meAnswer(port: number, account: Account) {
  const response = await fetch(`${origin(port)}${API_PATHS.me}`, {
    headers: { cookie: account.cookie },
  })
  return { status: response.status, body: await response.text(), headers: response.headers }
}

/** The security headers `answer` lacks or sends otherwise than the server computes them. */
function headerMismatches(target: Target, headers: Headers): string[] {
  return Object.entries(target.securityHeaders)
    .filter(([name, value]) => headers.get(name) !== value)
    .map(([name, value]) => `${name}: ${headers.get(name)}, not ${value}`)
}

/**
 * Before timing: the floor and every profile step answer exactly what the route answers, the
 * route and every step that sends security headers send the server's, and sign-in succeeds.
 */
async function checkAnswers(target: Target, account: Account) {
  const real = await meAnswer(target.ports.app, account)
  if (real.status !== 200) throw new Error(`GET /api/auth/me answered ${real.status}: ${real.body}`)
  const wrong = headerMismatches(target, real.headers)
  if (wrong.length > 0) throw new Error(`The route sends ${wrong.join('; ')}`)
  const others = { floor: target.ports.floor, ...target.ports.profile }
  for (const [name, port] of Object.entries(others)) {
    const answer = await meAnswer(port, account)
    if (answer.status !== 200 || answer.body !== real.body)
      throw new Error(
        `${name} does not answer what the route answers:\nroute 200 ${real.body}\n${name} ${answer.status} ${answer.body}`,
      )
    const differ = answer.headers.has('content-security-policy')
      ? headerMismatches(target, answer.headers)
      : []
    if (differ.length > 0) throw new Error(`${name} sends ${differ.join('; ')}`)
  }
  const appOrigin = origin(target.ports.app)
  const signIn = await fetch(`${appOrigin}${API_PATHS.signIn}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: appOrigin },
    body: JSON.stringify({ email: account.email, password: PASSWORD }),
  })
  if (signIn.status !== 200)
    throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`)
}

/** The order of the runs of `me` (M) and its floor (F): each comes first as often as the other. */
const INTERLEAVED = ['F', 'M', 'M', 'F', 'M', 'F', 'F', 'M'] as const

/**
 * `me` and its floor, each warmed up, then in short runs taking turns (FMMFMFFM), so a change in
 * the machine's load during the measurement falls on both alike.
 */
async function meAndFloor(me: Load, floor: Load, plan: Plan, target: Target) {
  await hit(floor, plan.warmUp)
  await hit(me, plan.warmUp)
  const seconds = plan.measure / (INTERLEAVED.length / 2)
  const samples: Record<'F' | 'M', Sample[]> = { F: [], M: [] }
  for (const which of INTERLEAVED) {
    samples[which].push(await hit(which === 'F' ? floor : me, seconds, target.cpu))
  }
  return {
    floor: summarize('floor', samples.F),
    me: summarize('GET /api/auth/me', samples.M),
  }
}

/**
 * When autocannon stops it drops the requests in flight, but the server finishes them (a sign-in
 * takes a tenth of a second or more): wait twice the slowest answer of the run, so that work is
 * neither counted against the next run nor cut off by the server's stop.
 */
const settle = (sample: Sample) =>
  sleep(Math.min(5_000, 200 + 2 * sample.latencies.reduce((max, ms) => Math.max(max, ms), 0)))

/** The order of the runs of sign-in (S) and the verify loop (V). */
const TAKING_TURNS = ['S', 'V', 'V', 'S', 'V', 'S', 'S', 'V'] as const

/**
 * Sign-in and a bare argon2 verify loop in the server process, at the same concurrency, each
 * warmed up, then in short runs taking turns (SVVSVSSV), so both see the same machine.
 */
async function signInAndVerify(signInLoad: Load, email: string, plan: Plan, target: Target) {
  const verifyFor = (seconds: number) =>
    target.verify({
      email,
      password: PASSWORD,
      concurrency: plan.connections,
      warmUpMs: 0,
      measureMs: seconds * 1000,
    })
  await settle(await hit(signInLoad, plan.warmUp))
  await verifyFor(plan.warmUp)
  const seconds = plan.measure / (TAKING_TURNS.length / 2)
  const signIns: Sample[] = []
  const verifies: Verified[] = []
  for (const which of TAKING_TURNS) {
    if (which === 'V') {
      verifies.push(await verifyFor(seconds))
      continue
    }
    const sample = await hit(signInLoad, seconds, target.cpu)
    signIns.push(sample)
    await settle(sample)
  }
  const count = verifies.reduce((sum, one) => sum + one.verifies, 0)
  const verifySeconds = verifies.reduce((sum, one) => sum + one.seconds, 0)
  const cpu = verifies.reduce((sum, one) => sum + one.cpuMicros, 0)
  return {
    signIn: summarize('POST /api/auth/sign-in', signIns),
    verify: {
      verifies: count,
      seconds: verifySeconds,
      perSecond: count / verifySeconds,
      cpuMicrosPerVerify: cpu / Math.max(1, count),
    },
  }
}

/**
 * Each step warmed up, then measured in two halves: all steps in order, then all in reverse, so
 * a change in the machine's load falls on early and late steps alike. The real route is measured
 * the same way, as the last entry.
 */
async function profileMe(
  target: Target,
  meRequests: Request[],
  token: string,
  plan: Plan,
): Promise<NonNullable<Measured['profile']>> {
  const subjects = [
    ...PROFILE_STEPS.map((step) => ({ step, port: target.ports.profile[step.name] })),
    { step: null, port: target.ports.app },
  ].map(({ step, port }) => {
    if (port === undefined) throw new Error(`No port for the profile step ${step?.name}`)
    const load = { url: origin(port), requests: meRequests, connections: plan.connections }
    return { step, load, samples: [] as Sample[] }
  })
  // The process is new: the real route first warms what every step shares (Fastify, the driver).
  const last = subjects.at(-1)
  if (last) await hit(last.load, plan.warmUp)
  for (const subject of subjects) {
    log(`  profile: ${subject.step?.name ?? 'the real app'}`)
    await hit(subject.load, plan.profileWarmUp)
    subject.samples.push(await hit(subject.load, plan.profileMeasure / 2, target.cpu))
  }
  log('  profile: the same again, in reverse order')
  for (const subject of [...subjects].reverse()) {
    subject.samples.push(await hit(subject.load, plan.profileMeasure / 2, target.cpu))
  }
  const steps = []
  let app: Measurement | undefined
  for (const { step, samples } of subjects) {
    const measurement = summarize(step?.name ?? 'GET /api/auth/me', samples)
    if (step) steps.push({ step: step.name, kind: step.kind, note: step.note, measurement })
    else app = measurement
  }
  if (!app) throw new Error('The real app was not profiled')
  log('  profile: findSession, one call at a time')
  const micro = await target.micro(token, plan.microCalls, 3)
  return { steps, app, micro }
}

/** The accounts and their sessions live in the database, so a second target can use them. */
type Seeded = { accounts: Account[]; first: Account; meRequests: Request[] }

async function measureDatabase(
  database: DatabaseLabel,
  target: Target,
  plan: Plan,
  seeded: Seeded,
) {
  const { accounts, first, meRequests } = seeded
  const appOrigin = origin(target.ports.app)
  const connections = plan.connections
  log(`${database}: GET /api/auth/me and its floor`)
  const { floor, me } = await meAndFloor(
    { url: appOrigin, requests: meRequests, connections },
    { url: origin(target.ports.floor), requests: meRequests, connections },
    plan,
    target,
  )

  log(`${database}: POST /api/auth/sign-in and the argon2 verify loop, taking turns`)
  const signInRequests: Request[] = accounts.map((account) => ({
    method: 'POST',
    path: API_PATHS.signIn,
    headers: { 'content-type': 'application/json', origin: appOrigin },
    body: JSON.stringify({ email: account.email, password: PASSWORD }),
  }))
  const { signIn, verify } = await signInAndVerify(
    { url: appOrigin, requests: signInRequests, connections },
    first.email,
    plan,
    target,
  )
  return { floor, me, signIn, verify }
}

/**
 * The sync part: accounts for the push and for the devices (the real server's and the floor's
 * apart, so neither pulls the other's rows), then the push against its floors, then the devices.
 */
async function measureSync(
  database: DatabaseLabel,
  target: Target,
  plan: Plan,
): Promise<SyncMeasured> {
  const appOrigin = origin(target.ports.app)
  const devices = plan.sync.devices
  log(`${database}: sync: ${1 + 2 * devices} accounts`)
  const [pusher] = await seedAccounts(appOrigin, 1, 'sync-push')
  if (!pusher) throw new Error('No account was made')
  const app = await seedAccounts(appOrigin, devices, 'sync-device')
  const floor = await seedAccounts(appOrigin, devices, 'sync-floor-device')
  const pushes = {} as SyncMeasured['pushes']
  for (const scenario of PUSH_SCENARIOS) {
    log(
      `${database}: sync: a push of ${plan.sync.pushMutations.toLocaleString('en-US')} mutations (${scenario}) and its floors`,
    )
    pushes[scenario] = await pushAgainstFloor(target, pusher, scenario, plan.sync, log)
  }
  log(`${database}: sync: ${devices} devices at once`)
  const measured = await devicesAgainstFloor(
    target,
    { app, floor },
    plan.sync,
    database === 'PostgreSQL',
    log,
  )
  // The target process also holds the floors and what the parts before left: one server's memory
  // is read from a process that is only the server, as `npm start` runs it.
  log(`${database}: sync: ${devices} devices at once on one Letterhead server alone`)
  const standalone = await standaloneDevices(database, plan.sync, log, cleanups)
  return { pushes, devices: measured, standalone }
}

/** Starts a target, runs `work` on it and always stops it; returns what it logged at warn too. */
async function withTarget<T>(
  choice: DatabaseChoice,
  profile: boolean,
  work: (target: Target) => Promise<T>,
): Promise<{ value: T; warnings: string[] }> {
  const target = await startTarget(choice, profile)
  const warnings = [...target.warnings]
  try {
    return { value: await work(target), warnings }
  } finally {
    warnings.push(...(await target.stop()))
  }
}

async function benchDatabase(
  database: DatabaseLabel,
  choice: DatabaseChoice,
  plan: Plan,
): Promise<Measured> {
  log(`${database}: starting the server`)
  let seeded: Seeded | undefined
  const main = await withTarget(choice, false, async (target) => {
    const appOrigin = origin(target.ports.app)
    let auth: Measured['auth']
    if (plan.parts.has('auth')) {
      const accounts = await seedAccounts(appOrigin, plan.accounts)
      const meRequests: Request[] = accounts.map((account) => ({
        method: 'GET',
        path: API_PATHS.me,
        headers: { cookie: account.cookie },
      }))
      const [first] = accounts
      if (!first) throw new Error('No accounts were made')
      seeded = { accounts, first, meRequests }
      await checkAnswers(target, first)
      auth = await measureDatabase(database, target, plan, seeded)
    }
    const sync = plan.parts.has('sync') ? await measureSync(database, target, plan) : undefined
    // Last: its demo seed would otherwise sit under the parts above.
    const routes = plan.parts.has('routes')
      ? await measureRoutes(database, target, plan.routes, log)
      : undefined
    return {
      version: target.databaseVersion,
      ...(auth ? { auth } : {}),
      ...(sync ? { sync } : {}),
      ...(routes ? { routes } : {}),
    }
  })
  let profile: Measured['profile']
  const alone = main.value.sync?.standalone?.warnings ?? []
  const warnings = [...main.warnings, ...alone.map((line) => `(the server alone) ${line}`)]
  if (plan.profile && seeded) {
    // The profile's apps get a process of their own, so they cannot change the figures above.
    log(`${database}: profile of GET /api/auth/me, in a new server process`)
    const { first, meRequests } = seeded
    const profiled = await withTarget(choice, true, async (target) => {
      await checkAnswers(target, first)
      return profileMe(target, meRequests, tokenOf(first), plan)
    })
    profile = profiled.value
    warnings.push(...profiled.warnings)
  }
  return {
    database,
    ...main.value,
    ...(profile ? { profile } : {}),
    warnings,
  }
}

async function benchPglite(plan: Plan): Promise<DatabaseResult> {
  const directory = pgliteDirectory()
  cleanups.add(directory.remove)
  try {
    return await benchDatabase('PGlite', { kind: 'pglite', dataDir: directory.dataDir }, plan)
  } finally {
    directory.remove()
    cleanups.delete(directory.remove)
  }
}

async function benchPostgres(plan: Plan): Promise<DatabaseResult> {
  const adminUrl = process.env.TEST_DATABASE_URL || DEFAULT_POSTGRES_URL
  const problem = await postgresProblem(adminUrl)
  if (problem) {
    const skipped = `PostgreSQL at ${redact(adminUrl)} is not reachable: ${problem}`
    log(`${skipped}.${plan.databases.includes('PGlite') ? ' Reporting PGlite only.' : ''}`)
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

/** Runs the bench; 1 when a target is missed. */
export async function main(args: readonly string[]): Promise<number> {
  const plan = parseArgs(args)
  const started = Date.now()
  const loadBefore = loadavg()[0] ?? 0
  const results: DatabaseResult[] = []
  for (const database of plan.databases) {
    results.push(database === 'PGlite' ? await benchPglite(plan) : await benchPostgres(plan))
  }
  const targets = checkTargets(results)

  const machine = {
    cpus: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    // Other work on the machine moves the figures; the one-minute load average at start and end.
    loadAverage: [loadBefore, loadavg()[0] ?? 0].map((value) => Math.round(value * 10) / 10),
  }
  const seconds = Math.round((Date.now() - started) / 1000)
  const versions = results.map((result) =>
    isMeasured(result)
      ? `${result.database}: ${result.version}`
      : `${result.database}: not measured`,
  )
  log(`\n${formatReport(results, targets, plan.connections)}\n`)
  log(
    `${machine.cpus} × ${machine.cpu}, ${machine.memoryGb} GB, Node ${machine.node}, load average ${machine.loadAverage.join(' → ')}.`,
  )
  for (const line of versions) log(line)
  const settings = {
    parts: [...plan.parts],
    ...(plan.parts.has('sync') ? { sync: plan.sync } : {}),
    ...(plan.parts.has('routes') ? { routes: plan.routes } : {}),
    connections: plan.connections,
    accounts: plan.accounts,
    warmUpSeconds: plan.warmUp,
    measureSeconds: plan.measure,
    ...(plan.profile
      ? { profileWarmUpSeconds: plan.profileWarmUp, profileMeasureSeconds: plan.profileMeasure }
      : {}),
  }
  const databases = results.map((result) =>
    'skipped' in result
      ? result
      : {
          ...result,
          scenarios: scenarioRows(result, plan.connections),
          ...(result.auth
            ? {
                signInShareOfVerify: signInShare(result.auth),
                signInCpuOverVerifyCpu: signInCpuRatio(result.auth),
              }
            : {}),
        },
  )
  writeFileSync(
    plan.quick ? 'bench/results.server.quick.json' : 'bench/results.server.json',
    `${JSON.stringify({ date: new Date().toISOString(), machine, settings, seconds, databases, targets }, null, 2)}\n`,
  )
  for (const result of results) {
    if ('skipped' in result) continue
    for (const line of result.warnings) log(`${result.database} logged: ${line}`)
  }
  if (!results.some(isMeasured)) {
    log(`${seconds} s. No database was measured.`)
    return 1
  }
  const missed = targets.filter((t) => !t.met)
  log(
    `${seconds} s. ${missed.length === 0 ? 'Every target met.' : `${missed.length} of ${targets.length} targets missed.`}`,
  )
  if (missed.length > 0 && !plan.profile)
    log('npm run bench:server -- --profile measures what each layer of the route costs.')
  return missed.length === 0 ? 0 : 1
}

const args = process.argv.slice(2)
// The admin part seeds a million letters first: asked for by name only, never part of the default.
process.exitCode = args.includes('--part=admin')
  ? await adminBench(args, cleanups)
  : await main(args)
