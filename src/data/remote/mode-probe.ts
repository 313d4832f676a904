import { API_PATHS, errorBodySchema, healthSchema } from '@/domain/api'
import type { AppMode } from '../app-mode'

/** Long enough for a server that is starting; the answer only matters from the next load on. */
const PROBE_TIMEOUT_MS = 10_000

/**
 * Asks `GET /api/health` whether a Letterhead server is there. Its own
 * answer (200, or 503 while its database is down) is server mode. Anything
 * else that comes back — a 404, or a static host's index.html with a 200 —
 * is device-only. A gateway's 5xx page or no answer at all says nothing
 * either way: `null`.
 */
export async function probeMode(
  fetch: typeof globalThis.fetch = (...args) => globalThis.fetch(...args),
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<AppMode | null> {
  let response: Response
  try {
    response = await fetch(API_PATHS.health, {
      headers: { accept: 'application/json' },
      cache: 'no-store',
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch {
    return null
  }
  const schema =
    response.status === 200 ? healthSchema : response.status === 503 ? errorBodySchema : null
  if (!schema) return response.status >= 500 ? null : 'device-only'
  const body: unknown = await response.json().catch(() => undefined)
  if (schema.safeParse(body).success) return 'server'
  return response.status === 200 ? 'device-only' : null
}
