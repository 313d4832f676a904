// The routes part of `npm run bench:server`: POST /api/sync/pull, POST /api/checkout and the
// admin's pages (GET /api/admin/stats, a table's first page), each under load on 127.0.0.1 on its
// own, on a modest demo seed, their failed requests counted rather than fatal.
import { randomUUID } from 'node:crypto'
import type { Request } from 'autocannon'
import { ADMIN_PATHS, adminTablePath } from '@/domain/admin-api'
import { API_PATHS, SYNC_SCHEMA_VERSION } from '@/domain/api'
import { type PullResponse, type PushResponse, SYNC_PATHS } from '@/domain/sync'
import { DEMO_ADMIN_EMAIL } from '../../server/demo/accounts'
import { DEMO_PASSWORD } from '../../server/demo/seed'
import { type DemoSizes, demoSizes } from '../../server/demo/sizes'
import { SESSION_COOKIE } from '../../server/auth/session-cookie'
import { type Account, origin, seedAccounts } from './accounts'
import { type Acknowledged, type CheckoutResult, checkoutLoad } from './admin-checkout'
import { PAGE_LIMIT } from './admin-reads'
import { checkLedger, type LedgerCheck } from './checkout-ledger'
import { type CountedMeasurement, hit, type Load, summarizeCounting } from './load'
import { postJson } from './sync-bench'
import { createMutations } from './sync-data'
import type { Target } from './target-client'

export type RoutesPlan = {
  /** What the demo seed adds first (its admin signs in for the admin's pages). */
  seed: DemoSizes
  /** Accounts pulling, each with `letters` letters pushed; each pull brings the last `changes`. */
  pullAccounts: number
  letters: number
  changes: number
  /** Buyers at once, each one purchase after another. */
  buyers: number
  connections: number
  warmUp: number
  measure: number
}

export const routesPlan = (quick: boolean, connections: number): RoutesPlan => ({
  seed: demoSizes({ letters: quick ? 2_000 : 20_000 }),
  pullAccounts: connections,
  letters: 50,
  changes: 10,
  buyers: connections,
  connections,
  warmUp: quick ? 0.5 : 2,
  measure: quick ? 2 : 6,
})

export type RoutesMeasured = {
  seed: { sizes: DemoSizes; seconds: number }
  pull: CountedMeasurement & { accounts: number; letters: number; changes: number; bytes: number }
  checkout: CheckoutResult & { ledger: LedgerCheck }
  stats: CountedMeasurement
  page: CountedMeasurement & { path: string; rows: number }
}

/** A warm-up, then the measured run; the warm-up's failed requests count too. */
async function measured(load: Load, plan: RoutesPlan, target: Target) {
  const warm = await hit(load, plan.warmUp)
  const sample = await hit(load, plan.measure, target.cpu)
  const counted = summarizeCounting([sample])
  return { ...counted, errors: counted.errors + warm.notOk + warm.errors }
}

/** A pull request from the cursor below the account's last `changes` changes, checked once. */
async function pullFrom(appOrigin: string, account: Account, plan: RoutesPlan) {
  const clientId = randomUUID()
  const pushed = (await postJson(
    `${appOrigin}${SYNC_PATHS.push}`,
    account,
    JSON.stringify({
      clientId,
      schemaVersion: SYNC_SCHEMA_VERSION,
      mutations: createMutations(plan.letters),
    }),
    60_000,
  )) as PushResponse
  if (pushed.refused.length > 0 || pushed.lastMutationId !== plan.letters)
    throw new Error(`The pull's letters were not all written: ${JSON.stringify(pushed)}`)
  const pull = async (cursor: number, limit: number) => {
    const body = JSON.stringify({ clientId, cursor, limit, schemaVersion: SYNC_SCHEMA_VERSION })
    const page = (await postJson(
      `${appOrigin}${SYNC_PATHS.pull}`,
      account,
      body,
      60_000,
    )) as PullResponse
    return { body, page }
  }
  const all = await pull(0, 1000)
  const before = await pull(0, all.page.changes.length - plan.changes)
  const request = await pull(before.page.cursor, 1000)
  if (request.page.changes.length !== plan.changes || request.page.more)
    throw new Error(`A pull from the cursor brought ${request.page.changes.length} changes`)
  return { body: request.body, bytes: Buffer.byteLength(JSON.stringify(request.page)) }
}

async function measurePull(target: Target, plan: RoutesPlan) {
  const appOrigin = origin(target.ports.app)
  const accounts = await seedAccounts(appOrigin, plan.pullAccounts, 'pull')
  const pulls = await Promise.all(accounts.map((account) => pullFrom(appOrigin, account, plan)))
  const requests: Request[] = pulls.map(({ body }, index) => ({
    method: 'POST',
    path: SYNC_PATHS.pull,
    headers: {
      'content-type': 'application/json',
      origin: appOrigin,
      cookie: accounts[index]?.cookie ?? '',
    },
    body,
  }))
  const load = { url: appOrigin, requests, connections: plan.connections }
  return {
    ...(await measured(load, plan, target)),
    accounts: accounts.length,
    letters: plan.letters,
    changes: plan.changes,
    bytes: Math.round(pulls.reduce((sum, one) => sum + one.bytes, 0) / pulls.length),
  }
}

async function measureCheckout(target: Target, plan: RoutesPlan) {
  const appOrigin = origin(target.ports.app)
  const buyers = await seedAccounts(appOrigin, plan.buyers, 'buyer')
  const coupons = (
    await target.query(
      `select coupon_code from users where role = 'employee' order by created_at, id limit $1`,
      [plan.buyers],
    )
  ).map((row) => String(row.coupon_code))
  const acknowledged: Acknowledged[] = []
  const checkout = await checkoutLoad(appOrigin, buyers, coupons, {
    warmUpSeconds: plan.warmUp,
    seconds: plan.measure,
    onAcknowledged: (one) => acknowledged.push(one),
  })
  const ledger = await checkLedger(
    target,
    buyers.map((buyer) => buyer.id),
    acknowledged,
  )
  return { ...checkout, ledger }
}

/** The demo admin's session cookie, from a sign-in as a browser sends it. */
async function adminCookie(appOrigin: string): Promise<string> {
  const response = await fetch(`${appOrigin}${API_PATHS.signIn}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: appOrigin },
    body: JSON.stringify({ email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD }),
  })
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`))
  if (response.status !== 200 || !cookie)
    throw new Error(`The demo admin could not sign in: ${response.status}`)
  return cookie
}

async function measureAdmin(target: Target, plan: RoutesPlan) {
  const appOrigin = origin(target.ports.app)
  const cookie = await adminCookie(appOrigin)
  const path = `${adminTablePath('letters')}?limit=${PAGE_LIMIT}`
  for (const url of [ADMIN_PATHS.stats, path]) {
    const answer = await fetch(`${appOrigin}${url}`, { headers: { cookie } })
    if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`)
  }
  const page = (await (await fetch(`${appOrigin}${path}`, { headers: { cookie } })).json()) as {
    rows: unknown[]
  }
  if (page.rows.length !== PAGE_LIMIT) throw new Error(`${path} answered ${page.rows.length} rows`)
  const load = (url: string): Load => ({
    url: appOrigin,
    requests: [{ method: 'GET', path: url, headers: { cookie } }],
    connections: plan.connections,
  })
  const stats = await measured(load(ADMIN_PATHS.stats), plan, target)
  const rows = page.rows.length
  return { stats, page: { ...(await measured(load(path), plan, target)), path, rows } }
}

export async function measureRoutes(
  label: string,
  target: Target,
  plan: RoutesPlan,
  log: (line: string) => void,
): Promise<RoutesMeasured> {
  const letters = plan.seed.letters.toLocaleString('en-US')
  log(`${label}: routes: the demo seed, ${letters} letters`)
  const seconds = await target.seedDemo(plan.seed)
  log(`${label}: routes: POST ${SYNC_PATHS.pull}, ${plan.pullAccounts} accounts`)
  const pull = await measurePull(target, plan)
  log(`${label}: routes: POST /api/checkout, ${plan.buyers} buyers at once`)
  const checkout = await measureCheckout(target, plan)
  log(`${label}: routes: GET ${ADMIN_PATHS.stats} and a page of letters, as the admin`)
  const { stats, page } = await measureAdmin(target, plan)
  return { seed: { sizes: plan.seed, seconds }, pull, checkout, stats, page }
}
