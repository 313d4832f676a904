import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import { sql } from 'drizzle-orm'
import { rowsOf } from '../db/rows-of'
import type { Db } from '../db/database'

/** Rows whose window has ended are deleted at most this often, by whichever request comes next. */
export const PRUNE_EVERY_MS = 10 * 60_000

type Counted = { current: number; ttl: number }
type Callback = (error: Error | null, result?: Counted) => void

/** What @fastify/rate-limit hands `child`: the route's merged limit, with the route itself. */
type RouteLimit = { routeInfo?: { method?: string | string[]; url?: string } }

/** One name per route, so each route counts on its own, as the in-memory store does. */
function routeName(limit: RouteLimit): string {
  const { method, url } = limit.routeInfo ?? {}
  const methods = Array.isArray(method) ? method.join(',') : (method ?? '')
  return `${methods} ${url ?? ''}`.trim() || 'any'
}

/**
 * The count of one key, in one statement: a window opens at the first
 * request (the database's clock, which every instance shares) and lasts
 * `timeWindow`; each request in it adds one. The row lock of the upsert makes
 * two instances' requests at once count two.
 */
async function increment(db: Db, key: string, timeWindowMs: number): Promise<Counted> {
  const [row] = rowsOf<{ hits: number; ttl: number }>(
    await db.execute(sql`
      insert into rate_limits as r (key, hits, resets_at)
      values (${key}, 1, clock_timestamp() + make_interval(secs => ${timeWindowMs / 1000}))
      on conflict (key) do update set
        hits = case when r.resets_at <= clock_timestamp() then 1 else r.hits + 1 end,
        resets_at = case when r.resets_at <= clock_timestamp() then excluded.resets_at
          else r.resets_at end
      returning hits,
        greatest(0, ceil(extract(epoch from resets_at - clock_timestamp()) * 1000))::int as ttl
    `),
  )
  if (!row) throw new Error('The rate limit was not counted')
  return { current: row.hits, ttl: row.ttl }
}

/**
 * A @fastify/rate-limit store in the `rate_limits` table (decision 036), so
 * every instance on one database counts the same requests: N instances allow
 * the limit once, not N times. Fixed windows, as the in-memory store keeps them.
 */
export function databaseRateLimitStore(
  db: Db,
  pruneEveryMs = PRUNE_EVERY_MS,
): FastifyRateLimitStoreCtor {
  const pruning = { last: Date.now() }

  function prune() {
    if (Date.now() - pruning.last < pruneEveryMs) return
    pruning.last = Date.now()
    // Only tidiness: a row left behind is reset by its next request anyway.
    db.execute(sql`delete from rate_limits where resets_at < clock_timestamp()`).catch(
      () => undefined,
    )
  }

  class DatabaseStore implements FastifyRateLimitStore {
    private readonly route: string

    /** The plugin makes the root store with its options; each route's store is a `child`. */
    constructor(route?: unknown) {
      this.route = typeof route === 'string' ? route : 'any'
    }

    incr(key: string, callback: Callback, timeWindow: number) {
      increment(db, `${this.route} ${key}`, timeWindow).then(
        (counted) => {
          prune()
          callback(null, counted)
        },
        (error: unknown) =>
          callback(error instanceof Error ? error : new Error('The rate limit was not counted')),
      )
    }

    child(limit: unknown) {
      return new DatabaseStore(routeName(limit as RouteLimit))
    }
  }
  return DatabaseStore
}
