import { openDatabase } from '../database'
import { createDataParts } from '../dexie/data-parts'
import type { Repository } from '../repository'
import { memoryStore } from '../test-support'
import { createApiClient } from './api-client'
import type { FakeServer } from './fake-server'
import { createServerAi } from './server-ai'
import { createServerParts } from './server-parts'

let counter = 0

/**
 * For tests: one browser in server mode against `server`, with its own
 * database, cookie jar and `localStorage`; `network.online` is what
 * `navigator.onLine` would say, and `goOnline()` announces it as the browser does.
 */
export function serverDevice(server: FakeServer) {
  const db = openDatabase(`letterhead-server-test-${Date.now()}-${counter++}`)
  const clock = () => new Date('2026-11-22T12:00:00Z')
  const { fetch, jar } = server.device()
  const network = { online: true }
  const store = memoryStore()
  const events = new EventTarget()
  const sessionsEnded = { count: 0 }
  const parts = createServerParts({
    db,
    clock,
    client: createApiClient({ fetch, online: () => network.online }),
    store,
    onSessionEnded: () => void (sessionsEnded.count += 1),
    events,
  })
  const serverAi = createServerAi({
    db,
    fetch,
    online: () => network.online,
    flushOutbox: () => parts.sync.flushOutbox(),
    onSessionEnded: () => void (sessionsEnded.count += 1),
  })
  const repo: Repository = { ...createDataParts({ db, clock }), ...parts, serverAi }
  return {
    repo,
    db,
    jar,
    network,
    store,
    sessionsEnded,
    goOnline() {
      network.online = true
      events.dispatchEvent(new Event('online'))
    },
  }
}
