import type { FastifyInstance } from 'fastify'
import { SYNC_PATHS } from '@/domain/sync'

/** What a test can do to the requests between one device and the server. */
export type Faults = {
  /** Called before a request reaches the server; may throw to fail it as a dead network does. */
  before?: (path: string, body: unknown) => void | Promise<void>
  /** Called after the server answered; may throw to lose the answer (the server has acted). */
  after?: (path: string, status: number) => void | Promise<void>
  /** Changes a request's body on its way, as an older or broken app would have sent it. */
  rewrite?: (path: string, body: unknown) => unknown
  /** Sends each sync request this many times; the device sees the last answer. */
  repeat?: number
  /** Each pull's answer arrives twice: the next pull gets it again instead of its own. */
  duplicatePulls?: boolean
  /** Once: the next pull gets the first pull answer this device ever had, long out of date. */
  replayFirstPull?: boolean
  /** Every request that reached the server. */
  log: Array<{ path: string; status: number }>
}

/** How one browser reaches the server, and the faults a test puts in the way. */
export type Transport = { fetch: typeof globalThis.fetch; faults: Faults }

/**
 * A `fetch` for one browser that hands requests to the Fastify app in
 * process, keeping the session cookie as a browser's jar would.
 */
export function injectFetch(app: FastifyInstance): Transport {
  let cookie: string | null = null
  const faults: Faults = { log: [] }
  let lastPull: string | null = null
  let firstPull: string | null = null

  const fetch: typeof globalThis.fetch = async (input, init = {}) => {
    const path =
      typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url
    const sent = typeof init.body === 'string' ? init.body : undefined
    const parsed: unknown = sent === undefined ? undefined : JSON.parse(sent)
    const body =
      sent === undefined || !faults.rewrite ? sent : JSON.stringify(faults.rewrite(path, parsed))
    await faults.before?.(path, parsed)
    if (path === SYNC_PATHS.pull && faults.replayFirstPull && firstPull !== null) {
      faults.replayFirstPull = false
      return new Response(firstPull, {
        status: 200,
        headers: { 'content-type': 'application/json' },
      })
    }
    if (path === SYNC_PATHS.pull && faults.duplicatePulls && lastPull !== null) {
      const again = lastPull
      lastPull = null
      return new Response(again, { status: 200, headers: { 'content-type': 'application/json' } })
    }
    let response: Awaited<ReturnType<FastifyInstance['inject']>> | undefined
    const times = path.startsWith('/api/sync/') ? (faults.repeat ?? 1) : 1
    for (let sent = 0; sent < times; sent++) {
      response = await app.inject({
        method: (init.method ?? 'GET') as 'GET' | 'POST',
        url: path,
        headers: {
          // The request's own headers (an Idempotency-Key), as a browser sends them.
          ...Object.fromEntries(new Headers(init.headers).entries()),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(cookie ? { cookie } : {}),
        },
        ...(body === undefined ? {} : { payload: body }),
      })
      faults.log.push({ path, status: response.statusCode })
    }
    if (!response) throw new TypeError('Failed to fetch')
    const set = response.cookies.find((c) => c.name.endsWith('letterhead_session'))
    if (set) cookie = set.value ? `${set.name}=${set.value}` : null
    if (path === SYNC_PATHS.pull && response.statusCode === 200) {
      lastPull = response.body
      firstPull ??= response.body
    }
    await faults.after?.(path, response.statusCode)
    return new Response(response.statusCode === 204 ? null : response.body, {
      status: response.statusCode,
      headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
    })
  }
  return { fetch, faults }
}

/** A network failure, as `fetch` reports one. */
export const networkFailure = () => new TypeError('Failed to fetch')
