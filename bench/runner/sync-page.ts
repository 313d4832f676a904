// Functions the sync suite runs inside app pages. Playwright serialises each one, so they may use
// nothing from outside themselves (types only).
import type { SyncProbeState } from '../shared/harness-api'

/**
 * Installed before the app's scripts: keeps every long task, the last click (the page's clock),
 * and room for every request's resource timing.
 */
export function installSyncProbe(): void {
  const state: SyncProbeState = {
    longTasks: [],
    longTaskSupported: true,
    lastClick: null,
    download: null,
    seenAt: null,
  }
  window.letterheadSyncProbe = state
  performance.setResourceTimingBufferSize(100_000)
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        state.longTasks.push({ start: entry.startTime, duration: entry.duration })
    }).observe({ type: 'longtask', buffered: true })
  } catch {
    state.longTaskSupported = false
  }
  window.addEventListener('click', () => (state.lastClick = performance.now()), true)
}

/**
 * Polls the app's own IndexedDB database (never creating it) every 10 ms until the account's
 * first download is marked done and `expected` letters are stored; notes when, on the page's clock.
 */
export function watchDownload(expected: number): void {
  const state = window.letterheadSyncProbe
  state.download = null
  const fail = (message: string) =>
    (state.download = { at: Number.NaN, letters: 0, error: message })
  void indexedDB.databases().then((known) => {
    if (!known.some((database) => database.name === 'letterhead'))
      return fail('The app has not opened its database')
    const request = indexedDB.open('letterhead')
    request.onerror = () => fail(String(request.error))
    request.onsuccess = () => {
      const db = request.result
      db.onversionchange = () => db.close()
      const tick = () => {
        const tx = db.transaction(['syncState', 'letters'], 'readonly')
        const states = tx.objectStore('syncState').getAll()
        states.onsuccess = () => {
          const downloaded = (states.result as { downloaded?: boolean }[]).some((s) => s.downloaded)
          if (!downloaded) return void setTimeout(tick, 10)
          const count = tx.objectStore('letters').count()
          count.onsuccess = () => {
            if (count.result < expected) return void setTimeout(tick, 10)
            state.download = { at: performance.now(), letters: count.result, error: null }
            db.close()
          }
        }
      }
      tick()
    }
  })
}

export type RequestTiming = { start: number; end: number; bytes: number }

/**
 * The page's requests to `path` with its query, if any (resource timing, the page's clock), in
 * order. The floors' requests carry `?floor`, so they are told apart from the app's.
 */
export function requestsTo(path: string): RequestTiming[] {
  return performance
    .getEntriesByType('resource')
    .filter((entry) => {
      const url = new URL(entry.name)
      return url.pathname + url.search === path
    })
    .map((entry) => {
      const timing = entry as PerformanceResourceTiming
      return { start: timing.startTime, end: timing.responseEnd, bytes: timing.encodedBodySize }
    })
}

export type FloorResult = {
  pages: number
  letters: number
  bytes: number
  fetchMs: number
  putMs: number
  /** When the puts ran, on the page's clock (for the long tasks among them). */
  put: { from: number; to: number }
  /** The what-if: the same puts sent a chunk at a time. */
  chunkedPutMs: number
  chunked: { from: number; to: number }
}

/**
 * The download's floor, in the same page: the same pull pages fetched raw (a new client id, so
 * nothing of the app's state is used; `limit` letters a page) and parsed, then the same rows put
 * with plain IndexedDB, one transaction a page, into a scratch database whose `letters` store has
 * the app's key path and indexes (read from the app's own database).
 */
export async function downloadFloor(args: {
  limit: number
  schemaVersion: number
  chunk: number
}): Promise<FloorResult> {
  const done = <T>(request: IDBRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'))
    })
  const committed = (tx: IDBTransaction) =>
    new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve()
      tx.onabort = tx.onerror = () => reject(tx.error ?? new Error('Transaction failed'))
    })
  const opened = (request: IDBOpenDBRequest) =>
    new Promise<IDBDatabase>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error ?? new Error('Could not open'))
    })
  const removed = (name: string) =>
    new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase(name)
      request.onsuccess = () => resolve()
      request.onerror = () => reject(request.error ?? new Error(`Could not delete ${name}`))
    })

  type Change = { table: string; row?: unknown }
  type Page = { cursor: number; more: boolean; changes: Change[] }
  const clientId = crypto.randomUUID()
  const pages: unknown[][] = []
  let bytes = 0
  let cursor = 0
  const fetchStarted = performance.now()
  for (;;) {
    const response = await fetch('/api/sync/pull?floor', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        clientId,
        cursor,
        limit: args.limit,
        schemaVersion: args.schemaVersion,
      }),
    })
    const text = await response.text()
    if (!response.ok) throw new Error(`The floor's pull answered ${response.status}: ${text}`)
    bytes += text.length
    const page = JSON.parse(text) as Page
    pages.push(page.changes.filter((change) => change.table === 'letters').map((c) => c.row))
    cursor = page.cursor
    if (!page.more) break
  }
  const fetchMs = performance.now() - fetchStarted

  // The app's letters store, as its schema made it.
  const app = await opened(indexedDB.open('letterhead'))
  const store = app.transaction('letters', 'readonly').objectStore('letters')
  const indexes = [...store.indexNames].map((name) => {
    const index = store.index(name)
    return { name, keyPath: index.keyPath, unique: index.unique, multiEntry: index.multiEntry }
  })
  const keyPath = store.keyPath
  app.close()
  const scratchName = 'letterhead-bench-floor'
  await removed(scratchName)
  const create = indexedDB.open(scratchName, 1)
  create.onupgradeneeded = () => {
    const letters = create.result.createObjectStore('letters', { keyPath })
    for (const index of indexes)
      letters.createIndex(index.name, index.keyPath, {
        unique: index.unique,
        multiEntry: index.multiEntry,
      })
  }
  const scratch = await opened(create)

  // One transaction a page, every put of the page at once (as Dexie's bulkPut sends them).
  const putFrom = performance.now()
  for (const rows of pages) {
    const tx = scratch.transaction('letters', 'readwrite')
    const letters = tx.objectStore('letters')
    for (const row of rows) letters.put(row)
    await committed(tx)
  }
  const putTo = performance.now()
  const letters = await done(
    scratch.transaction('letters', 'readonly').objectStore('letters').count(),
  )
  await done(scratch.transaction('letters', 'readwrite').objectStore('letters').clear())

  // What-if: the same transactions, the puts sent `chunk` at a time, each chunk after the last
  // one's answer, so the main thread is given back between chunks.
  const chunkedFrom = performance.now()
  for (const rows of pages) {
    const tx = scratch.transaction('letters', 'readwrite')
    const store = tx.objectStore('letters')
    const commit = committed(tx)
    for (let first = 0; first < rows.length; first += args.chunk) {
      let last: IDBRequest | undefined
      for (const row of rows.slice(first, first + args.chunk)) last = store.put(row)
      if (last) await done(last)
    }
    await commit
  }
  const chunkedTo = performance.now()
  scratch.close()
  await removed(scratchName)
  return {
    pages: pages.length,
    letters,
    bytes,
    fetchMs,
    putMs: putTo - putFrom,
    put: { from: putFrom, to: putTo },
    chunkedPutMs: chunkedTo - chunkedFrom,
    chunked: { from: chunkedFrom, to: chunkedTo },
  }
}

/** Notes when `marker` is first in the page's main content (epoch ms, from the page's clock). */
export function watchForText(marker: string): void {
  const state = window.letterheadSyncProbe
  state.seenAt = null
  const seen = () => document.querySelector('main')?.textContent?.includes(marker) ?? false
  if (seen()) {
    state.seenAt = performance.timeOrigin + performance.now()
    return
  }
  const observer = new MutationObserver(() => {
    if (!seen()) return
    state.seenAt = performance.timeOrigin + performance.now()
    observer.disconnect()
  })
  observer.observe(document.body, { childList: true, subtree: true, characterData: true })
}

/**
 * The live floor's receiving side, on device B: its own event stream, and on a `pull` event while
 * a marker is awaited, a raw pull from its own cursor; notes when an answer holds the marker.
 */
export async function openFloorStream(args: { schemaVersion: number }): Promise<void> {
  const state = window.letterheadSyncProbe
  const clientId = crypto.randomUUID()
  let cursor = 0
  const pull = async () => {
    const response = await fetch('/api/sync/pull?floor', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId, cursor, limit: 1000, schemaVersion: args.schemaVersion }),
    })
    const text = await response.text()
    const page = JSON.parse(text) as { cursor: number; more: boolean }
    cursor = page.cursor
    return { text, more: page.more }
  }
  const toEnd = async () => {
    while ((await pull()).more);
  }
  await toEnd()
  let pulling = false
  let again = false
  const poked = async () => {
    if (pulling) return void (again = true)
    pulling = true
    try {
      do {
        again = false
        const marker = state.floorMarker
        if (!marker) return
        const { text } = await pull()
        if (text.includes(marker) && state.floorMarker === marker) {
          state.seenAt = performance.timeOrigin + performance.now()
          state.floorMarker = null
        }
      } while (again)
    } finally {
      pulling = false
    }
  }
  const events = new EventSource('/api/sync/events')
  events.addEventListener('pull', () => void poked())
  state.floorStream = {
    close: () => events.close(),
    catchUp: toEnd,
  }
  await new Promise<void>((resolve) => {
    events.addEventListener('open', () => resolve(), { once: true })
  })
}

/** Arms the live floor on B: the next answer holding `marker` is noted. */
export async function armFloor(marker: string): Promise<void> {
  const state = window.letterheadSyncProbe
  await state.floorStream?.catchUp()
  state.seenAt = null
  state.floorMarker = marker
}

/**
 * The live floor's sending side, on device A: one `letters.editContent` pushed raw with the
 * floor's own client id; answers when it started (epoch ms, the page's clock) and how long it took.
 */
export async function floorPush(args: {
  clientId: string
  mutationId: number
  letterId: string
  content: string
  schemaVersion: number
}): Promise<{ startedAt: number; ms: number }> {
  const started = performance.now()
  const response = await fetch('/api/sync/push?floor', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      clientId: args.clientId,
      schemaVersion: args.schemaVersion,
      mutations: [
        {
          id: args.mutationId,
          name: 'letters.editContent',
          args: {
            id: args.letterId,
            content: args.content,
            versionId: crypto.randomUUID(),
            baseVersion: 0,
          },
        },
      ],
    }),
  })
  const answer = (await response.json()) as { lastMutationId?: number; refused?: unknown[] }
  if (!response.ok || answer.lastMutationId !== args.mutationId || answer.refused?.length)
    throw new Error(`The floor's push answered ${response.status}: ${JSON.stringify(answer)}`)
  return { startedAt: performance.timeOrigin + started, ms: performance.now() - started }
}

/**
 * Diagnostics (BENCH_SYNC_TRACE): notes every IndexedDB transaction's start and end, every fetch
 * and every click, on the page's clock, in `window.letterheadSyncTrace`.
 */
export function installSyncTrace(): void {
  const events: { at: number; what: string }[] = []
  window.letterheadSyncTrace = events
  const note = (what: string) => events.push({ at: performance.now(), what })
  const prototype = IDBDatabase.prototype
  const transaction = Reflect.get(prototype, 'transaction') as (
    ...args: Parameters<IDBDatabase['transaction']>
  ) => IDBTransaction
  Reflect.set(
    prototype,
    'transaction',
    function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
      const tx = transaction.apply(this, args)
      const [stores, mode] = args
      const names = typeof stores === 'string' ? stores : [...stores].join(', ')
      const label = `${mode ?? 'readonly'} [${names}]`
      const started = performance.now()
      note(`transaction ${label} opened`)
      tx.addEventListener('complete', () =>
        note(`transaction ${label} committed after ${(performance.now() - started).toFixed(1)} ms`),
      )
      return tx
    },
  )
  const fetch = window.fetch.bind(window)
  window.fetch = (...args: Parameters<typeof window.fetch>) => {
    const [input] = args
    note(`fetch ${input instanceof Request ? input.url : String(input)}`)
    return fetch(...args)
  }
  window.addEventListener('click', () => note('click'), true)
}
