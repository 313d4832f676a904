import type { AdminTable } from '@/domain/admin-api'
import type { DemoSizes } from '../../server/demo/sizes'
import type { DemoStage } from '../../server/demo/context'
import type { Target } from '../runner/targets'
import type { CheckoutResult } from './admin-checkout'
import type { ReadKind, ReadResult } from './admin-reads'
import type { DatabaseLabel } from './results'

export type AdminMeasured = {
  database: DatabaseLabel
  version: string
  sizes: DemoSizes
  /** Seconds each stage of the seed took, and in all. */
  seed: Record<DemoStage, number> & { total: number }
  listed: Record<AdminTable, number>
  reads: ReadResult[]
  checkout: CheckoutResult
  warnings: string[]
}

export type AdminResult = AdminMeasured | { database: DatabaseLabel; skipped: string }

export const isAdminMeasured = (result: AdminResult): result is AdminMeasured =>
  !('skipped' in result)

/**
 * The limits: PostgreSQL's p95s, every route's median against its floor's,
 * PGlite's against PostgreSQL's. The route over its floor is held to 1.5× for
 * a statement of 3 ms or more, and otherwise to 1.5 ms more: a request costs
 * about 1.1 ms whatever it reads (Fastify's handling with its hooks about
 * 0.35 ms, the session lookup that is in the floor too, Drizzle building the
 * statement and mapping the rows about 0.37 ms, the zod checks 0.05 ms), so a
 * flat 1.5× would ask a 0.4 ms statement to be served in 0.2 ms more
 * (docs/performance.md, "Admin and checkout at one million letters").
 */
export const ADMIN_LIMITS = {
  statsMs: 50,
  pageMs: 30,
  overFloor: 1.5,
  /** What a request may add to a statement under 3 ms (1.5× of 3 ms is 1.5 ms more). */
  addedMs: 1.5,
  pgliteOverPostgres: 3,
  checkoutErrors: 0,
} as const

const KIND_NAMES: Record<ReadKind, string> = {
  stats: 'stats',
  first: 'first page',
  deep: 'deep page',
  search: 'searched page',
}

export const readName = (read: ReadResult) =>
  read.table === null ? 'GET /api/admin/stats' : `${read.table}: ${KIND_NAMES[read.kind]}`

function target(
  name: string,
  value: number,
  kind: Target['kind'],
  limit: number,
  unit: string,
  note?: string,
): Target {
  const met = !Number.isNaN(value) && (kind === 'max' ? value <= limit : value >= limit)
  return { name, value, limit, kind, unit, met, ...(note ? { note } : {}) }
}

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1))

/** The route's median over its floor's: within 1.5 ms, or 1.5× once the floor is 3 ms or more. */
function overFloor(name: string, database: DatabaseLabel, read: ReadResult): Target {
  const added = read.route.medianMs - read.floor.medianMs
  const limit = Math.max(ADMIN_LIMITS.addedMs, (ADMIN_LIMITS.overFloor - 1) * read.floor.medianMs)
  const ratio = read.route.medianMs / read.floor.medianMs
  return target(
    `${name}, median over floor's, ${database}`,
    added,
    'max',
    Number(limit.toFixed(2)),
    'ms',
    `${ratio.toFixed(2)}×: ${ms(read.route.medianMs)} ms against ${ms(read.floor.medianMs)} ms`,
  )
}

export function adminTargets(results: AdminResult[]): Target[] {
  const measured = results.filter(isAdminMeasured)
  const postgres = measured.find((result) => result.database === 'PostgreSQL')
  const out: Target[] = []
  for (const result of measured) {
    const { database } = result
    for (const read of result.reads) {
      const name = readName(read)
      if (database === 'PostgreSQL') {
        const limit = read.kind === 'stats' ? ADMIN_LIMITS.statsMs : ADMIN_LIMITS.pageMs
        out.push(target(`${name}, p95, ${database}`, read.route.p95Ms, 'max', limit, 'ms'))
      }
      out.push(overFloor(name, database, read))
      const same = postgres?.reads.find((one) => sameRead(one, read))
      if (database === 'PGlite' && same)
        out.push(
          target(
            `${name}, median ÷ PostgreSQL's, PGlite`,
            read.route.medianMs / same.route.medianMs,
            'max',
            ADMIN_LIMITS.pgliteOverPostgres,
            '×',
            `${ms(read.route.medianMs)} ms against ${ms(same.route.medianMs)} ms`,
          ),
        )
      out.push(
        target(
          `${name}, statements using OFFSET, ${database}`,
          read.usesOffset ? 1 : 0,
          'max',
          0,
          '',
        ),
      )
    }
    const { checkout } = result
    out.push(
      target(
        `${checkout.buyers} buyers at once, checkout errors, ${database}`,
        checkout.errors,
        'max',
        ADMIN_LIMITS.checkoutErrors,
        'errors',
        checkout.firstError ?? `${Math.round(checkout.perSecond)} checkouts/s`,
      ),
    )
  }
  return out
}

/** The same request on the other database: its cursor differs, its table and kind do not. */
const sameRead = (a: ReadResult, b: ReadResult) => a.table === b.table && a.kind === b.kind

type Cell = string | number | null

function table(headers: string[], rows: Cell[][]): string {
  const text = (cell: Cell) => (cell === null ? '—' : String(cell))
  const line = (cells: Cell[]) => `| ${cells.map(text).join(' | ')} |`
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n')
}

const count = (value: number) => value.toLocaleString('en-US')
const seconds = (value: number) => (value < 10 ? value.toFixed(1) : String(Math.round(value)))

function seedTable(results: AdminMeasured[]): string {
  return table(
    ['database', 'accounts', 'purchases', 'letters', 'messages and errors', 'vacuum', 'total s'],
    results.map((result) => {
      const { seed } = result
      return [
        result.database,
        seconds(seed.accounts),
        seconds(seed.purchases),
        seconds(seed.letters),
        seconds(seed.messages + seed.errors),
        seconds(seed.vacuum),
        seconds(seed.total),
      ]
    }),
  )
}

function readsTable(results: AdminMeasured[]): string {
  const rows: Cell[][] = []
  for (const result of results)
    for (const read of result.reads)
      rows.push([
        result.database,
        readName(read),
        read.note || null,
        read.table === null ? null : count(result.listed[read.table]),
        read.table === null ? null : read.rows,
        ms(read.route.medianMs),
        ms(read.route.p95Ms),
        ms(read.floor.medianMs),
        ms(read.floor.p95Ms),
        `${(read.route.medianMs / read.floor.medianMs).toFixed(2)}×`,
        read.plan,
      ])
  return table(
    [
      'database',
      'request',
      'asks',
      'rows listed',
      'rows answered',
      'median ms',
      'p95 ms',
      'floor median ms',
      'floor p95 ms',
      '÷ floor',
      'plan of the page statement',
    ],
    rows,
  )
}

function checkoutTable(results: AdminMeasured[]): string {
  return table(
    ['database', 'buyers', 'seconds', 'checkouts', 'checkouts/s', 'p50 ms', 'p99 ms', 'errors'],
    results.map(({ database, checkout }) => [
      database,
      checkout.buyers,
      checkout.seconds,
      count(checkout.checkouts),
      checkout.perSecond.toFixed(1),
      ms(checkout.p50Ms),
      ms(checkout.p99Ms),
      checkout.errors,
    ]),
  )
}

function targetTable(targets: Target[]): string {
  return table(
    ['target', 'measured', 'limit', 'met'],
    targets.map((t) => [
      t.note ? `${t.name} (${t.note})` : t.name,
      `${t.value === null ? '—' : Number.isInteger(t.value) ? t.value : t.value.toFixed(2)} ${t.unit}`.trim(),
      `≤ ${t.limit} ${t.unit}`.trim(),
      t.met ? 'yes' : '**no**',
    ]),
  )
}

export function formatAdminReport(results: AdminResult[], targets: Target[]): string {
  const measured = results.filter(isAdminMeasured)
  const parts: string[] = []
  const [first] = measured
  if (first) {
    const { sizes } = first
    parts.push(
      `## Admin and checkout: ${count(sizes.letters)} letters, ${count(sizes.users)} customers, ${count(sizes.employees)} employees, ${count(sizes.subscriptions)} purchases, ${count(sizes.messages)} messages, ${count(sizes.errors)} error reports`,
      '### Seeding (seconds)',
      seedTable(measured),
      `### Admin reads through app.inject, ${first.reads[0]?.route.runs ?? 0} runs each, against the same statements sent straight to the driver (floor)`,
      readsTable(measured),
      '### Checkout on 127.0.0.1',
      checkoutTable(measured),
    )
  }
  for (const result of results)
    if (!isAdminMeasured(result))
      parts.push(`${result.database}: not measured (${result.skipped}).`)
  if (targets.length > 0) parts.push('### Targets', targetTable(targets))
  return parts.join('\n\n')
}
