// One row per scenario of `npm run bench:server` and database: requests a second, p50, p99 and
// failed requests, for the report's summary and bench/results.server.json.
import type { Measurement } from './load'
import type { Measured } from './results'
import { LOAD_KINDS } from './sync-bench'

export type ScenarioRow = {
  scenario: string
  /** Answers a second over the measured time; null for a push timed one at a time. */
  perSecond: number | null
  p50Ms: number
  p99Ms: number | null
  errors: number
  note: string
}

const fromLoad = (scenario: string, m: Measurement, errors: number, note: string) => ({
  scenario,
  perSecond: m.perSecond,
  p50Ms: m.p50Ms,
  p99Ms: m.p99Ms,
  errors,
  note,
})

export function scenarioRows(result: Measured, connections: number): ScenarioRow[] {
  const rows: ScenarioRow[] = []
  const { auth, sync, routes } = result
  const closed = `${connections} connections, each one request at a time`
  if (auth)
    rows.push(
      fromLoad('POST /api/auth/sign-in', auth.signIn, 0, closed),
      fromLoad('GET /api/auth/me', auth.me, 0, closed),
    )
  if (routes) {
    const { pull } = routes
    rows.push(
      fromLoad(
        'POST /api/sync/pull',
        pull,
        pull.errors,
        `${pull.changes} of ${pull.letters} letters from a cursor, ${Math.round(pull.bytes / 1000)} KB an answer; ${closed}`,
      ),
    )
  }
  if (sync) {
    for (const push of Object.values(sync.pushes)) {
      const route = push.subjects.push
      const floor = push.subjects.batched
      if (!route || !floor) continue
      rows.push({
        scenario: `POST /api/sync/push of ${push.mutations.toLocaleString('en-US')} mutations (${push.scenario})`,
        perSecond: null,
        p50Ms: route.ms,
        p99Ms: null,
        errors: 0,
        note: `median of ${route.samples.length}, one at a time; ${(route.ms / floor.ms).toFixed(2)}× a batched INSERT of the same rows (${Math.round(floor.ms)} ms)`,
      })
    }
    const { devices, standalone } = sync
    for (const kind of LOAD_KINDS) {
      const app = devices[kind].app
      const rss = devices.rss[kind]
      rows.push({
        scenario: `${devices.devices} devices, ${kind}: push and pull`,
        perSecond: app.requests / app.seconds,
        p50Ms: app.all.p50,
        p99Ms: app.all.p99,
        errors: app.errors,
        note: `bench process (server + floors) RSS peak ${Math.round(rss.peakMb)} MB, median ${Math.round(rss.medianMb)} MB`,
      })
      const alone = standalone?.[kind]
      if (!standalone || !alone) continue
      const own = standalone.rss[kind]
      rows.push({
        scenario: `${standalone.devices} devices, ${kind}: push and pull, one server alone`,
        perSecond: alone.requests / alone.seconds,
        p50Ms: alone.all.p50,
        p99Ms: alone.all.p99,
        errors: alone.errors,
        note: `npm start's process: RSS peak ${Math.round(own.peakMb)} MB, median ${Math.round(own.medianMb)} MB${alone.firstError ? `; first error: ${alone.firstError.slice(0, 120)}` : ''}`,
      })
    }
  }
  if (routes) {
    const { checkout, stats, page } = routes
    rows.push(
      {
        scenario: 'POST /api/checkout',
        perSecond: checkout.perSecond,
        p50Ms: checkout.p50Ms,
        p99Ms: checkout.p99Ms,
        errors: checkout.errors,
        note: `${checkout.buyers} buyers at once; ${checkout.ledger.acknowledged} acknowledged, ${checkout.ledger.subscriptions} subscriptions written, ${checkout.ledger.problems} not exactly once`,
      },
      fromLoad('GET /api/admin/stats', stats, stats.errors, `as the admin; ${closed}`),
      fromLoad(`GET ${page.path}`, page, page.errors, `${page.rows} rows, as the admin; ${closed}`),
    )
  }
  return rows
}
