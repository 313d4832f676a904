import type { Target } from '../runner/targets'
import { round } from '../shared/stats'
import type { Measurement } from './load'
import { type DatabaseResult, isMeasured, type Measured } from './results'

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
export const signInShare = (result: Measured) => result.signIn.perSecond / result.verify.perSecond

function resultsTable(results: Measured[]): string {
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
export const signInCpuRatio = (result: Measured) =>
  result.signIn.cpuMicrosPerRequest === null
    ? null
    : result.signIn.cpuMicrosPerRequest / result.verify.cpuMicrosPerVerify

function signInTable(results: Measured[]): string {
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

export function formatReport(results: DatabaseResult[], targets: Target[]): string {
  const measured = results.filter(isMeasured)
  const parts = ['## Server: GET /api/auth/me and POST /api/auth/sign-in']
  if (measured.length > 0)
    parts.push(
      resultsTable(measured),
      '### Sign-in against the argon2 ceiling',
      signInTable(measured),
    )
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
  return parts.join('\n\n')
}
