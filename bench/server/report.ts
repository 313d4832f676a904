import type { Target } from '../runner/targets'
import { round } from '../shared/stats'
import type { Measurement } from './load'
import {
  type AuthMeasured,
  type DatabaseResult,
  isMeasured,
  type Measured,
  untargetedRss,
} from './results'
import { scenarioRows } from './scenarios'
import type { RssSummary } from './rss'
import {
  type DeviceLoad,
  LOAD_KINDS,
  type LoadKind,
  type LoadMeasurement,
  PUSH_SUBJECT_NOTES,
  serverAndDatabaseMs,
  SCENARIO_NOTES,
  SCENARIO_SUBJECTS,
  type PushScenario,
} from './sync-bench'

type Cell = string | number | null

function table(headers: string[], rows: Cell[][]): string {
  const text = (cell: Cell) => (cell === null ? '—' : String(cell))
  const line = (cells: Cell[]) => `| ${cells.map(text).join(' | ')} |`
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n')
}

const rate = (value: number) => Math.round(value).toLocaleString('en-US')
const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1))
const cpu = (value: number | null) => (value === null ? null : Math.round(value))
const percent = (value: number) => `${Math.round(value * 100)}%`

const row = (database: string, what: string, m: Measurement): Cell[] => [
  database,
  what,
  rate(m.perSecond),
  ms(m.p50Ms),
  ms(m.p99Ms),
  cpu(m.cpuMicrosPerRequest),
]

/** Sign-ins a second as a share of bare argon2 verifies a second at the same concurrency. */
export const signInShare = (result: AuthMeasured) =>
  result.signIn.perSecond / result.verify.perSecond

type WithAuth = { database: Measured['database'] } & AuthMeasured

function resultsTable(results: WithAuth[]): string {
  const rows: Cell[][] = []
  for (const result of results) {
    rows.push(
      row(result.database, 'floor: bare Fastify, same SELECT, raw driver', result.floor),
      row(result.database, 'GET /api/auth/me', result.me),
      row(result.database, 'POST /api/auth/sign-in', result.signIn),
      [
        result.database,
        'argon2 verify loop (verifies/s)',
        rate(result.verify.perSecond),
        null,
        null,
        cpu(result.verify.cpuMicrosPerVerify),
      ],
    )
  }
  return table(
    ['database', 'measurement', 'requests/s', 'p50 ms', 'p99 ms', 'server CPU µs/request'],
    rows,
  )
}

/** Server CPU per sign-in against per bare verify: steadier than the rates on a shared machine. */
export const signInCpuRatio = (result: AuthMeasured) =>
  result.signIn.cpuMicrosPerRequest === null
    ? null
    : result.signIn.cpuMicrosPerRequest / result.verify.cpuMicrosPerVerify

function signInTable(results: WithAuth[]): string {
  return table(
    [
      'database',
      'sign-ins/s',
      'verifies/s',
      'sign-in ÷ verify ceiling',
      'server CPU per sign-in ÷ per verify',
    ],
    results.map((result) => {
      const cpuRatio = signInCpuRatio(result)
      return [
        result.database,
        round(result.signIn.perSecond),
        round(result.verify.perSecond),
        percent(signInShare(result)),
        cpuRatio === null ? null : `${cpuRatio.toFixed(2)}×`,
      ]
    }),
  )
}

const delta = (now: number | null, before: number | null | undefined): Cell =>
  now === null || before === null || before === undefined
    ? null
    : `${now >= before ? '+' : '−'}${Math.abs(Math.round(now - before))}`

/**
 * Δ µs: on the ladder, against the step above; for the steps without a layer and the what-ifs,
 * against the route (the ladder's last step).
 */
function profileTable(result: Measured): string {
  const profile = result.profile
  if (!profile) return ''
  const ladder = profile.steps.filter((step) => step.kind === 'ladder')
  const route = ladder.at(-1)?.measurement.cpuMicrosPerRequest
  const rows: Cell[][] = profile.steps.map(({ step, kind, note, measurement }) => {
    const now = measurement.cpuMicrosPerRequest
    const index = ladder.findIndex((one) => one.step === step)
    const before = kind === 'ladder' ? ladder[index - 1]?.measurement.cpuMicrosPerRequest : route
    return [
      step,
      rate(measurement.perSecond),
      ms(measurement.p99Ms),
      cpu(now),
      delta(now, before),
      note || null,
    ]
  })
  rows.push([
    'the real app (buildApp)',
    rate(profile.app.perSecond),
    ms(profile.app.p99Ms),
    cpu(profile.app.cpuMicrosPerRequest),
    delta(profile.app.cpuMicrosPerRequest, route),
    'GET /api/auth/me measured like the steps',
  ])
  return table(
    ['step', 'requests/s', 'p99 ms', 'server CPU µs/request', 'Δ µs', 'what the step does'],
    rows,
  )
}

function microTable(result: Measured): string {
  const micro = result.profile?.micro ?? []
  return table(
    ['part of findSession', 'CPU µs per call', 'what it is'],
    micro.map((row) => [row.name, Math.round(row.cpuMicros), row.note]),
  )
}

/** Two decimals, or as many more as it takes not to show the limit for a value beside it. */
function shown(value: number, limit: number): string {
  if (Number.isInteger(value) && Number.isInteger(limit) && Math.abs(value) >= 1)
    return String(value)
  if (value === 0 && limit === 0) return '0'
  for (let digits = 2; digits < 6; digits++) {
    const text = value.toFixed(digits)
    if (value === limit || Number(text) !== limit) return text
  }
  return value.toFixed(6)
}

function targetTable(targets: Target[]): string {
  return table(
    ['target', 'measured', 'limit', 'met'],
    targets.map((t) => [
      t.note ? `${t.name} (${t.note})` : t.name,
      t.value === null ? null : `${shown(t.value, t.limit)} ${t.unit}`,
      `${t.kind === 'max' ? '≤' : '≥'} ${t.limit} ${t.unit}`,
      t.met ? 'yes' : '**no**',
    ]),
  )
}

const fixed = (value: number) =>
  Number.isNaN(value)
    ? '—'
    : value < 10
      ? value.toFixed(2)
      : value < 100
        ? value.toFixed(1)
        : String(Math.round(value))
const times = (value: number, floor: number) => `${fixed(value / floor)}×`

function pushTable(results: Measured[], scenario: PushScenario): string {
  const rows: Cell[][] = []
  for (const result of results) {
    const push = result.sync?.pushes[scenario]
    if (!push) continue
    const floor = push.subjects.batched?.ms ?? Number.NaN
    for (const subject of SCENARIO_SUBJECTS[scenario]) {
      const measured = push.subjects[subject]
      if (!measured) continue
      rows.push([
        result.database,
        subject,
        fixed(measured.ms),
        times(measured.ms, floor),
        fixed((measured.ms * 1000) / push.mutations),
        fixed(measured.cpuMs),
        PUSH_SUBJECT_NOTES[subject],
      ])
    }
  }
  return table(
    [
      'database',
      'way of writing',
      'ms (median)',
      '÷ floor',
      'µs per mutation',
      'server CPU ms',
      'what it is',
    ],
    rows,
  )
}

function loadRow(
  database: string,
  load: string,
  server: string,
  m: LoadMeasurement,
  floor: LoadMeasurement,
): Cell[] {
  return [
    database,
    load,
    server,
    m.requests.toLocaleString('en-US'),
    m.errors,
    fixed(m.push.p50),
    fixed(m.push.p99),
    fixed(m.pull.p50),
    fixed(m.pull.p99),
    fixed(m.all.p99),
    times(m.all.p99, floor.all.p99),
    rate(m.mutationsPerSecond),
    times(m.mutationsPerSecond, floor.mutationsPerSecond),
    fixed(m.cpuPerRound?.serverMs ?? NaN),
    fixed(m.cpuPerRound?.postgresMs ?? NaN),
    fixed(m.cpuPerRound?.benchMs ?? NaN),
    times(serverAndDatabaseMs(m.cpuPerRound), serverAndDatabaseMs(floor.cpuPerRound)),
  ]
}

function loadNote(kind: LoadKind, load: DeviceLoad): string {
  const rounds = `${load.rounds} rounds`
  return load.thinkMs > 0
    ? `${kind}: ${rounds}, ${load.thinkMs} ms apart on average`
    : `${kind}: ${rounds}, no pause`
}

function devicesTable(results: Measured[]): string {
  const rows: Cell[][] = []
  for (const result of results) {
    const devices = result.sync?.devices
    if (!devices) continue
    for (const kind of LOAD_KINDS) {
      const { app, floor } = devices[kind]
      rows.push(
        loadRow(result.database, kind, 'floor', floor, floor),
        loadRow(result.database, kind, 'Letterhead', app, floor),
      )
      const alone = result.sync?.standalone?.[kind]
      if (alone)
        rows.push(loadRow(result.database, kind, 'Letterhead alone (npm start)', alone, floor))
    }
  }
  return table(
    [
      'database',
      'load',
      'server',
      'requests',
      'errors',
      'push p50 ms',
      'push p99 ms',
      'pull p50 ms',
      'pull p99 ms',
      'all p99 ms',
      'p99 ÷ floor',
      'mutations/s',
      '÷ floor',
      'server CPU ms a round',
      'PostgreSQL CPU ms a round',
      'devices CPU ms a round',
      'server + database CPU ÷ floor',
    ],
    rows,
  )
}

function scenariosTable(results: Measured[], connections: number): string {
  const rows: Cell[][] = results.flatMap((result) =>
    scenarioRows(result, connections).map((one) => [
      result.database,
      one.scenario,
      one.perSecond === null ? null : rate(one.perSecond),
      ms(one.p50Ms),
      one.p99Ms === null ? null : ms(one.p99Ms),
      one.errors,
      one.note,
    ]),
  )
  return table(
    ['database', 'scenario', 'requests/s', 'p50 ms', 'p99 ms', 'errors', 'what it is'],
    rows,
  )
}

function rssTable(results: Measured[]): string {
  const mb = (value: number) => (Number.isNaN(value) ? '—' : String(Math.round(value)))
  const rows: Cell[][] = []
  const rssRow = (
    database: string,
    process: string,
    rss: { idleMb: number; paced: RssSummary; saturated: RssSummary },
  ): Cell[] => [
    database,
    process,
    mb(rss.idleMb),
    mb(rss.paced.medianMb),
    mb(rss.paced.peakMb),
    mb(rss.saturated.medianMb),
    mb(rss.saturated.peakMb),
    rss.paced.samples + rss.saturated.samples,
  ]
  for (const result of results) {
    const sync = result.sync
    if (!sync) continue
    if (sync.standalone)
      rows.push(rssRow(result.database, 'one Letterhead server (npm start)', sync.standalone.rss))
    rows.push(rssRow(result.database, 'bench process (server + floors)', sync.devices.rss))
  }
  return table(
    [
      'database',
      'process',
      'before MB',
      'paced median MB',
      'paced peak MB',
      'saturated median MB',
      'saturated peak MB',
      'readings',
    ],
    rows,
  )
}

/** Which process was read, and what the figures are held to. */
function rssNotes(results: Measured[]): string {
  const lines: string[] = []
  for (const result of results) {
    const alone = result.sync?.standalone
    if (!alone) continue
    lines.push(
      `${result.database}: one server is \`${alone.command}\`, serving ${alone.staticDir ?? 'no build (API only)'}; read: ${alone.process}; ${Math.round(alone.rss.startMb)} MB on start.`,
    )
  }
  return lines.map((line) => `- ${line}`).join('\n')
}

export function formatReport(
  results: DatabaseResult[],
  targets: Target[],
  connections: number,
): string {
  const measured = results.filter(isMeasured)
  const withAuth = measured.flatMap((result) =>
    result.auth ? [{ database: result.database, ...result.auth }] : [],
  )
  const parts: string[] = []
  if (measured.length > 0)
    parts.push('## Server: every scenario', scenariosTable(measured, connections))
  if (withAuth.length > 0)
    parts.push(
      '## Server: GET /api/auth/me and POST /api/auth/sign-in',
      resultsTable(withAuth),
      '### Sign-in against the argon2 ceiling',
      signInTable(withAuth),
    )
  const synced = measured.filter((result) => result.sync)
  const [first] = synced
  if (first?.sync) {
    const { devices } = first.sync
    parts.push('## Server: sync')
    for (const push of Object.values(first.sync.pushes))
      parts.push(
        `### One push of ${push.mutations.toLocaleString('en-US')} mutations: ${SCENARIO_NOTES[push.scenario]}; ${push.letters.toLocaleString('en-US')} letters of ${push.letterChars.toLocaleString('en-US')} characters, a ${(push.bodyBytes / 1e6).toFixed(1)} MB body`,
        pushTable(synced, push.scenario),
      )
    parts.push(
      `### ${devices.devices} devices at once, one account each: a round is one push (${devices.mutationsPerRound}) then one pull; ${LOAD_KINDS.map((kind) => loadNote(kind, devices.loads[kind])).join('; ')}. CPU ms a round: the server's process (the bench's target process, which holds the floor too, or npm start's), PostgreSQL's processes (— on PGlite, which is in the server's), and the devices' (the bench's process)`,
      devicesTable(synced),
      `### Resident memory (VmRSS) while the real server served the ${devices.devices} devices, read every 100 ms: one Letterhead server alone (the figure the target is judged on), and the bench's process, which also holds the floors and what the earlier parts left`,
      rssTable(synced),
      rssNotes(synced),
    )
  }
  const routed = measured.flatMap((result) => (result.routes ? [result.routes] : []))
  const [seeded] = routed
  if (seeded) {
    const { sizes } = seeded.seed
    parts.push(
      `Pull, checkout and the admin's pages ran after the demo seed added ${sizes.letters.toLocaleString('en-US')} letters, ${sizes.users.toLocaleString('en-US')} customers, ${sizes.subscriptions.toLocaleString('en-US')} purchases and ${sizes.employees} employees (${measured
        .map((result) =>
          result.routes ? `${result.database} ${result.routes.seed.seconds.toFixed(1)} s` : '',
        )
        .filter(Boolean)
        .join(', ')}).`,
    )
  }
  for (const result of results) {
    if (!isMeasured(result)) parts.push(`${result.database}: not measured (${result.skipped}).`)
  }
  for (const result of measured) {
    if (result.profile)
      parts.push(
        `### Profile of GET /api/auth/me, ${result.database}`,
        profileTable(result),
        `### findSession one call at a time, ${result.database}`,
        microTable(result),
      )
  }
  if (targets.length > 0) parts.push('### Targets', targetTable(targets))
  const untargeted = measured.flatMap((result) => {
    const line = result.sync ? untargetedRss(result.database, result.sync) : null
    return line ? [line] : []
  })
  if (untargeted.length > 0) parts.push(untargeted.join('\n\n'))
  return parts.join('\n\n')
}
