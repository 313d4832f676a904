// The sync part of `npm run bench:server`: a push of many queued mutations against a raw batched
// INSERT of the same rows, and many devices pushing and pulling at once against a floor server.
import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { SYNC_SCHEMA_VERSION } from '@/domain/api'
import { type Mutation, type PullResponse, type PushResponse, SYNC_PATHS } from '@/domain/sync'
import { median } from '../shared/stats'
import { type Account, origin } from './accounts'
import type { SyncWrite } from './protocol'
import { cpuDuring } from './cpu'
import { type RssSummary, residentMb, sampleRssDuring, summarizeRss } from './rss'
import { answerChars, createMutations, letterText, type NewLetter, newLetter } from './sync-data'
import type { FloorLetter } from './sync-floor'
import type { Target } from './target-client'

export type SyncPlan = {
  /** Mutations in each push measured (even), and rounds of each way of writing them. */
  pushMutations: number
  pushRounds: number
  devices: number
  /**
   * Each load: rounds per device (split in two halves around the floor's) and the mean pause
   * between a device's rounds, ms (drawn evenly from half to one and a half times it; none when
   * saturated).
   */
  loads: Record<LoadKind, DeviceLoad>
  /** A request that takes longer fails; a load that takes longer stops. */
  requestTimeoutMs: number
  loadDeadlineMs: number
}

export const SYNC_PLAN: SyncPlan = {
  pushMutations: 1_000,
  pushRounds: 3,
  devices: 200,
  loads: {
    paced: { rounds: 10, thinkMs: 2_000 },
    'half-paced': { rounds: 8, thinkMs: 4_000 },
    saturated: { rounds: 6, thinkMs: 0 },
  },
  requestTimeoutMs: 10_000,
  loadDeadlineMs: 120_000,
}

export const QUICK_SYNC_PLAN: SyncPlan = {
  pushMutations: 200,
  pushRounds: 1,
  devices: 20,
  loads: {
    paced: { rounds: 4, thinkMs: 500 },
    'half-paced': { rounds: 2, thinkMs: 1_000 },
    saturated: { rounds: 2, thinkMs: 0 },
  },
  requestTimeoutMs: 10_000,
  loadDeadlineMs: 60_000,
}

/**
 * The two pushes measured. `create`: a device's queue of new letters alone, which push() applies
 * as one batch. `offline`: letters written offline, each `letters.create` then `letters.complete`
 * with its text, which push() also applies as one batch, each letter written completed.
 */
export const PUSH_SCENARIOS = ['create', 'offline'] as const
export type PushScenario = (typeof PUSH_SCENARIOS)[number]

/** The ways a push's rows are written; `push` is the real route, `batched` the floor. */
export type PushSubject =
  'push' | 'push-in-process' | 'raw-create-batch' | 'raw-replay' | 'raw-savepoints' | 'batched'

export const SCENARIO_SUBJECTS: Record<PushScenario, readonly PushSubject[]> = {
  create: ['push', 'push-in-process', 'raw-create-batch', 'batched'],
  offline: ['push', 'push-in-process', 'raw-replay', 'raw-savepoints', 'batched'],
}

export const SCENARIO_NOTES: Record<PushScenario, string> = {
  create: 'letters.create only, about 2 KB of answers each (push() applies the run as one batch)',
  offline:
    'letters written offline: letters.create then letters.complete with about 2 KB of text, for half as many letters (push() applies the run as one batch, each letter written completed)',
}

export const PUSH_SUBJECT_NOTES: Record<PushSubject, string> = {
  push: 'POST /api/sync/push over loopback, timed by the client: the route',
  'push-in-process':
    'push() called in the server process: the route less HTTP, JSON and zod of the body',
  'raw-create-batch':
    "push()'s statements for a run of creates, raw, one transaction: lock, last id, which ids exist, one INSERT, new id",
  'raw-replay':
    'what-if, as pushes were before the batch: the statements of each mutation, raw, each in its own transaction: lock, last id, the letter, INSERT or UPDATE, new id',
  'raw-savepoints':
    'what-if, as push() replays mutations that are not new letters: the same raw statements in one transaction, lock and ids once, a savepoint around each mutation',
  batched: 'floor: the rows the push leaves, in one multi-row INSERT through the same driver',
}

export type PushTimes = {
  scenario: PushScenario
  mutations: number
  /** Letters the push leaves. */
  letters: number
  /** Characters of text per letter (answers, and the letter's text when there is one). */
  letterChars: number
  /** Bytes of the push's JSON body. */
  bodyBytes: number
  subjects: Partial<Record<PushSubject, { ms: number; cpuMs: number; samples: number[] }>>
}

const json = (body: unknown) => JSON.stringify(body)

export async function postJson(url: string, account: Account, body: string, timeoutMs: number) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: new URL(url).origin,
      cookie: account.cookie,
    },
    body,
    signal: AbortSignal.timeout(timeoutMs),
  })
  const text = await response.text()
  if (response.status !== 200)
    throw new Error(`${new URL(url).pathname} answered ${response.status}: ${text.slice(0, 300)}`)
  return JSON.parse(text) as unknown
}

/** Every order of `items`, so each subject goes before and after each other one equally often. */
function orders<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]]
  return items.flatMap((item, index) =>
    orders([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]),
  )
}

/** A push's mutations (ids from 1) and the rows it leaves; new letter ids every call. */
function pushWork(scenario: PushScenario, count: number, clientId: string) {
  if (scenario === 'create') {
    const mutations = createMutations(count)
    const letters = mutations.map((mutation) => (mutation.args as { letter: NewLetter }).letter)
    return { mutations, letters: letters as FloorLetter[] }
  }
  const mutations: Mutation[] = []
  const letters: FloorLetter[] = []
  for (let index = 0; index < count / 2; index++) {
    const letter = newLetter(index + 1)
    const content = letterText(`Letter ${index + 1}, written offline.`)
    mutations.push(
      { id: mutations.length + 1, name: 'letters.create', args: { letter } },
      {
        id: mutations.length + 2,
        name: 'letters.complete',
        args: { id: letter.id, content, generator: 'built-in' },
      },
    )
    letters.push({ ...letter, content, clientId })
  }
  return { mutations, letters }
}

/**
 * One push of `count` mutations (a new client each time, so ids start at 1) through the route,
 * against the same work done the scenario's other ways in the target, on the same database. One
 * small warm-up of each, then `rounds` rounds in turning orders.
 */
export async function pushAgainstFloor(
  target: Target,
  account: Account,
  scenario: PushScenario,
  plan: SyncPlan,
  log: (line: string) => void,
): Promise<PushTimes> {
  const url = `${origin(target.ports.app)}${SYNC_PATHS.push}`
  const count = plan.pushMutations
  const subjects = SCENARIO_SUBJECTS[scenario]
  const samples = new Map<PushSubject, { ms: number; cpu: number }[]>(
    subjects.map((subject) => [subject, []]),
  )
  let bodyBytes = 0
  const sample = pushWork(scenario, 2, randomUUID()).letters[0]
  const letterChars = sample ? answerChars(sample) + (sample.content?.length ?? 0) : 0

  const run = async (subject: PushSubject, size: number) => {
    const clientId = randomUUID()
    const { mutations, letters } = pushWork(scenario, size, clientId)
    const last = mutations.at(-1)?.id ?? 0
    if (subject === 'push') {
      const body = json({ clientId, schemaVersion: SYNC_SCHEMA_VERSION, mutations })
      bodyBytes = Buffer.byteLength(body)
      const cpuBefore = await target.cpu()
      const started = performance.now()
      const answer = (await postJson(url, account, body, 300_000)) as PushResponse
      const ms = performance.now() - started
      const cpu = (await target.cpu()) - cpuBefore
      if (answer.lastMutationId !== last || answer.refused.length > 0)
        throw new Error(`The push was not applied whole: ${json(answer).slice(0, 300)}`)
      return { ms, cpu: cpu / 1000 }
    }
    const ownerId = account.id
    const write: SyncWrite =
      subject === 'batched'
        ? { how: subject, ownerId, letters }
        : subject === 'raw-create-batch'
          ? { how: subject, ownerId, clientId, letters }
          : { how: subject, ownerId, clientId, mutations }
    const timed = await target.syncWrite(write)
    return { ms: timed.ms, cpu: timed.cpuMicros / 1000 }
  }

  for (const subject of subjects) await run(subject, Math.min(100, count))
  const turns = orders(subjects)
  for (let round = 0; round < plan.pushRounds; round++) {
    const order = turns[(round * 7) % turns.length] ?? subjects
    log(`  ${scenario} push, round ${round + 1} of ${plan.pushRounds}: ${order.join(', ')}`)
    for (const subject of order) samples.get(subject)?.push(await run(subject, count))
  }
  const measured: PushTimes['subjects'] = {}
  for (const [subject, taken] of samples)
    measured[subject] = {
      ms: median(taken.map((one) => one.ms)),
      // With PostgreSQL this leaves out PostgreSQL's own processes.
      cpuMs: median(taken.map((one) => one.cpu)),
      samples: taken.map((one) => Math.round(one.ms)),
    }
  const letters = scenario === 'create' ? count : count / 2
  return { scenario, mutations: count, letters, letterChars, bodyBytes, subjects: measured }
}

// ---------------------------------------------------------------------------------------------
// Many devices at once.

type Device = {
  account: Account
  clientId: string
  nextId: number
  cursor: number
  /** The device's letters it knows the server version of, newest last. */
  letters: { id: string; version: number }[]
}

/**
 * The devices' loads: `paced`, a round every 2 s on average (at most 100 a second from 200
 * devices); `half-paced`, every 4 s (at most 50 a second); `saturated`, no pause.
 */
export const LOAD_KINDS = ['paced', 'half-paced', 'saturated'] as const
export type LoadKind = (typeof LOAD_KINDS)[number]
export type DeviceLoad = { rounds: number; thinkMs: number }
export type Server = 'app' | 'floor'

/** CPU time a load used, µs: the server's process, PostgreSQL's (null if not on this machine), the devices'. */
export type CpuSpent = { serverMicros: number; postgresMicros: number | null; benchMicros: number }
/** The same, ms a round. */
export type CpuPerRound = { serverMs: number; postgresMs: number | null; benchMs: number }

/** The server's CPU a round with its database's: PostgreSQL's processes, or PGlite in its own. */
export const serverAndDatabaseMs = (cpu: CpuPerRound | null): number =>
  cpu ? cpu.serverMs + (cpu.postgresMs ?? 0) : Number.NaN

export type LoadSample = {
  pushMs: number[]
  pullMs: number[]
  mutations: number
  rounds: number
  errors: number
  firstError: string | null
  seconds: number
  /** Set when the load ran inside `withCpu`. */
  cpu?: CpuSpent
}

export type LoadMeasurement = {
  requests: number
  errors: number
  firstError: string | null
  push: { p50: number; p99: number }
  pull: { p50: number; p99: number }
  all: { p50: number; p99: number }
  mutationsPerSecond: number
  roundsPerSecond: number
  seconds: number
  /** When every sample's CPU time was read. */
  cpuPerRound: CpuPerRound | null
}

/** The nearest-rank percentile. */
function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN
}

/**
 * Runs a load, reading the CPU time the server process `pid`, PostgreSQL (when `postgres`: PGlite
 * runs in the server's process) and the bench spent.
 */
export async function withCpu(
  pid: number,
  postgres: boolean,
  load: () => Promise<LoadSample>,
): Promise<LoadSample> {
  const { value, ...cpu } = await cpuDuring(pid, postgres, load)
  return { ...value, cpu }
}

function cpuPerRound(samples: LoadSample[], rounds: number): CpuPerRound | null {
  const spent = samples.map((one) => one.cpu)
  if (rounds === 0 || spent.some((one) => one === undefined)) return null
  const total = (pick: (one: CpuSpent) => number | null) => {
    const values = spent.map((one) => (one ? pick(one) : null))
    return values.some((one) => one === null)
      ? null
      : values.reduce<number>((sum, one) => sum + (one ?? 0), 0) / rounds / 1000
  }
  return {
    serverMs: total((one) => one.serverMicros) ?? Number.NaN,
    postgresMs: total((one) => one.postgresMicros),
    benchMs: total((one) => one.benchMicros) ?? Number.NaN,
  }
}

export function summarizeLoad(samples: LoadSample[]): LoadMeasurement {
  const push = samples.flatMap((one) => one.pushMs)
  const pull = samples.flatMap((one) => one.pullMs)
  const all = [...push, ...pull]
  const seconds = samples.reduce((sum, one) => sum + one.seconds, 0)
  const mutations = samples.reduce((sum, one) => sum + one.mutations, 0)
  const rounds = samples.reduce((sum, one) => sum + one.rounds, 0)
  return {
    requests: all.length,
    errors: samples.reduce((sum, one) => sum + one.errors, 0),
    firstError: samples.find((one) => one.firstError)?.firstError ?? null,
    push: { p50: percentile(push, 0.5), p99: percentile(push, 0.99) },
    pull: { p50: percentile(pull, 0.5), p99: percentile(pull, 0.99) },
    all: { p50: percentile(all, 0.5), p99: percentile(all, 0.99) },
    mutationsPerSecond: mutations / seconds,
    roundsPerSecond: rounds / seconds,
    seconds,
    cpuPerRound: cpuPerRound(samples, rounds),
  }
}

/** A device's round's mutations: a new letter and its text, and an edit of its previous letter. */
function roundMutations(device: Device, round: number): Mutation[] {
  const mutation = (name: Mutation['name'], args: Mutation['args']): Mutation => ({
    id: device.nextId++,
    name,
    args,
  })
  const letter = newLetter(round)
  const previous = device.letters.at(-1)
  const mutations = [
    mutation('letters.create', { letter }),
    mutation('letters.complete', {
      id: letter.id,
      content: letterText(`Written in round ${round} by ${device.clientId}.`),
      generator: 'built-in',
    }),
  ]
  if (previous)
    mutations.push(
      mutation('letters.editContent', {
        id: previous.id,
        content: letterText(`Edited in round ${round} by ${device.clientId}.`),
        versionId: randomUUID(),
        baseVersion: previous.version,
      }),
    )
  device.letters.push({ id: letter.id, version: 0 })
  return mutations
}

/** What a pull brought: the cursor, and the versions of the device's letters. */
function takePull(device: Device, page: PullResponse) {
  device.cursor = page.cursor
  const versions = new Map<string, number>()
  for (const change of page.changes)
    if (change.table === 'letters' && 'row' in change) {
      const row = change.row as { version?: number }
      if (typeof row.version === 'number') versions.set(change.id, row.version)
    }
  for (const letter of device.letters) letter.version = versions.get(letter.id) ?? letter.version
}

/**
 * Every device runs `rounds` rounds one after another: push its round's mutations, then pull
 * everything above its cursor (a page of up to 1000), then, when paced, wait. Devices start spread
 * over one pause. Any answer but a 200 with nothing refused, or none within the timeout, is an
 * error; a device that errs stops.
 */
export async function runDevices(
  base: string,
  devices: Device[],
  rounds: number,
  kind: LoadKind,
  plan: SyncPlan,
): Promise<LoadSample> {
  const sample: LoadSample = {
    pushMs: [],
    pullMs: [],
    mutations: 0,
    rounds: 0,
    errors: 0,
    firstError: null,
    seconds: 0,
  }
  const deadline = performance.now() + plan.loadDeadlineMs
  const { thinkMs } = plan.loads[kind]
  const think = () => thinkMs * (0.5 + Math.random())
  const one = async (device: Device) => {
    if (thinkMs > 0) await sleep(Math.random() * thinkMs)
    for (let round = 0; round < rounds; round++) {
      if (performance.now() > deadline) throw new Error('The load ran past its deadline')
      const mutations = roundMutations(device, round)
      const pushBody = json({
        clientId: device.clientId,
        schemaVersion: SYNC_SCHEMA_VERSION,
        mutations,
      })
      let started = performance.now()
      const pushed = (await postJson(
        `${base}${SYNC_PATHS.push}`,
        device.account,
        pushBody,
        plan.requestTimeoutMs,
      )) as PushResponse
      sample.pushMs.push(performance.now() - started)
      const last = mutations.at(-1)?.id ?? 0
      if (pushed.refused.length > 0 || pushed.lastMutationId !== last)
        throw new Error(`The push was not applied whole: ${json(pushed).slice(0, 300)}`)
      sample.mutations += mutations.length
      started = performance.now()
      const page = (await postJson(
        `${base}${SYNC_PATHS.pull}`,
        device.account,
        json({
          clientId: device.clientId,
          cursor: device.cursor,
          limit: 1000,
          schemaVersion: SYNC_SCHEMA_VERSION,
        }),
        plan.requestTimeoutMs,
      )) as PullResponse
      sample.pullMs.push(performance.now() - started)
      takePull(device, page)
      sample.rounds += 1
      const pause = think()
      if (pause > 0) await sleep(pause)
    }
  }
  const started = performance.now()
  await Promise.all(
    devices.map((device) =>
      one(device).catch((error: unknown) => {
        sample.errors += 1
        sample.firstError ??= error instanceof Error ? error.message : String(error)
      }),
    ),
  )
  sample.seconds = (performance.now() - started) / 1000
  return sample
}

export const newDevices = (accounts: Account[]): Device[] =>
  accounts.map((account) => ({
    account,
    clientId: randomUUID(),
    nextId: 1,
    cursor: 0,
    letters: [],
  }))

export type DevicesResult = Record<LoadKind, Record<Server, LoadMeasurement>> & {
  /**
   * The target process's resident memory while the real server served each load (read every
   * 100 ms), and once before the devices' first round. The process also holds the floors.
   */
  rss: Record<LoadKind, RssSummary> & { idleMb: number; peakMb: number }
  devices: number
  loads: Record<LoadKind, DeviceLoad>
  mutationsPerRound: string
}

/**
 * The devices' load on the real server and on the floor (each with its own accounts), paced and
 * then saturating, each load in two halves around the other server's (floor, app, app, floor).
 */
export async function devicesAgainstFloor(
  target: Target,
  accounts: { app: Account[]; floor: Account[] },
  plan: SyncPlan,
  postgres: boolean,
  log: (line: string) => void,
): Promise<DevicesResult> {
  const devices = { app: newDevices(accounts.app), floor: newDevices(accounts.floor) }
  const bases = {
    app: origin(target.ports.app),
    floor: origin(target.ports.syncFloor),
  }
  const result = {} as Record<LoadKind, Record<Server, LoadMeasurement>>
  const rss = {} as Record<LoadKind, RssSummary>
  const idleMb = residentMb(target.pid)
  // One round each, unpaced, to warm both servers (and give every device a letter to edit).
  await runDevices(bases.floor, devices.floor, 1, 'saturated', plan)
  await runDevices(bases.app, devices.app, 1, 'saturated', plan)
  for (const kind of LOAD_KINDS) {
    const half = Math.max(1, Math.round(plan.loads[kind].rounds / 2))
    const samples: Record<Server, LoadSample[]> = { app: [], floor: [] }
    const memory: number[] = []
    for (const server of ['floor', 'app', 'app', 'floor'] as const) {
      log(`  ${plan.devices} devices, ${kind}: ${server === 'app' ? 'the server' : 'the floor'}`)
      const load = () =>
        withCpu(target.pid, postgres, () =>
          runDevices(bases[server], devices[server], half, kind, plan),
        )
      samples[server].push(
        server === 'app' ? await sampleRssDuring(target.pid, load, memory) : await load(),
      )
    }
    result[kind] = { app: summarizeLoad(samples.app), floor: summarizeLoad(samples.floor) }
    rss[kind] = summarizeRss(memory)
  }
  return {
    ...result,
    rss: { ...rss, idleMb, peakMb: Math.max(...LOAD_KINDS.map((kind) => rss[kind].peakMb)) },
    devices: plan.devices,
    loads: plan.loads,
    mutationsPerRound:
      'letters.create, letters.complete (about 2 KB), letters.editContent (about 2 KB)',
  }
}
