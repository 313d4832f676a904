import type { Transport } from './inject-fetch'

/**
 * A `fetch` for one browser that talks HTTP to a server process at `origin()`
 * (which may change as the server restarts), keeping its session cookie.
 * Only `faults.before` applies here.
 */
export function httpFetch(origin: () => string): Transport {
  let cookie: string | null = null
  const faults: Transport['faults'] = { log: [] }
  const fetch: typeof globalThis.fetch = async (input, init = {}) => {
    const path =
      typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url
    const body = typeof init.body === 'string' ? init.body : undefined
    await faults.before?.(path, body === undefined ? undefined : JSON.parse(body))
    const response = await globalThis.fetch(`${origin()}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...Object.fromEntries(new Headers(init.headers).entries()),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        origin: origin(),
        ...(cookie ? { cookie } : {}),
      },
      ...(body === undefined ? {} : { body }),
    })
    const set = response.headers.getSetCookie().find((c) => c.includes('letterhead_session='))
    if (set) cookie = set.split(';')[0] ?? null
    faults.log.push({ path, status: response.status })
    return response
  }
  return { fetch, faults }
}
