import { SYNC_SCHEMA_VERSION } from '@/domain/api'
import { isAppError } from '@/domain/errors'
import {
  type PullResponse,
  pullResponseSchema,
  pushResponseSchema,
  SYNC_PATHS,
} from '@/domain/sync'
import { retryDelayMs } from '@/lib/retry'
import type { LetterheadDatabase } from '../database'
import { ApiError, type ApiClient } from '../remote/api-client'
import type { SyncState } from '../sync-types'
import { applyPulledPage } from './apply-pull'
import { asMutations, nextBatch, type RefusedChange, settlePush } from './push-outbox'
import { pullFrom } from './sync-state'
import type { SyncPhase, SyncStatus } from './sync-status'

/** A new device's first page is small, so its first letters show at once; then pages are large. */
export const FIRST_PAGE = 100
export const PAGE = 1000

export type UserSyncDeps = {
  db: LetterheadDatabase
  client: ApiClient
  clock: () => Date
  online: () => boolean
  /** The server says this session is over: end it here; the outbox stays for the next sign-in. */
  onSessionExpired: (userId: string) => Promise<void>
  /** The server no longer takes this version of the app. */
  onClientTooOld: () => void
  onRefused: (refused: RefusedChange[]) => void
  publish: (status: SyncStatus) => void
  random?: () => number
}

export type UserSync = {
  /** Pushes what is waiting, then pulls; resolves once a whole round after this call has ended. */
  request(): Promise<void>
  stop(): void
}

class Stop extends Error {}

/** Syncs one account's data on this device, in rounds: push everything waiting, then pull to the end. */
export function createUserSync(deps: UserSyncDeps, state: SyncState): UserSync {
  const { db, client, clock } = deps
  const random = deps.random ?? Math.random
  let wanted = false
  let running: Promise<void> | null = null
  let stopped = false
  let attempt = 0
  let retryTimer: ReturnType<typeof setTimeout> | undefined
  let phase: SyncPhase = 'syncing'
  let download: SyncStatus['download'] = null

  async function publish(next: SyncPhase = phase) {
    phase = next
    // The count is for the status line only: storage that fails here fails the next write loudly.
    const pending = await db.outbox
      .where('clientId')
      .equals(state.clientId)
      .count()
      .catch(() => 0)
    if (!stopped) deps.publish({ phase, pending, download })
  }

  async function push() {
    for (;;) {
      const batch = await nextBatch(db, state)
      const last = batch.at(-1)
      if (!last || stopped) return
      const response = await client.json(SYNC_PATHS.push, pushResponseSchema, {
        method: 'POST',
        body: {
          clientId: state.clientId,
          schemaVersion: SYNC_SCHEMA_VERSION,
          mutations: asMutations(batch),
        },
      })
      const refused = await settlePush(db, state, batch, response, clock().toISOString())
      if (refused.length > 0) deps.onRefused(refused)
      // The server answered without taking the batch: try again later rather than loop.
      if (response.lastMutationId < last.id) throw new Error('The push was not applied.')
      await publish()
    }
  }

  /** Asks the server for the changes after `cursor`. */
  function pullPage(cursor: number, limit: number): Promise<PullResponse> {
    return client.json(SYNC_PATHS.pull, pullResponseSchema, {
      method: 'POST',
      body: { clientId: state.clientId, cursor, limit, schemaVersion: SYNC_SCHEMA_VERSION },
    })
  }

  /**
   * The next page, asked for while the current one is being stored, so that
   * pulling overlaps storing (a new device's download). It is awaited only
   * once the current page is applied, so pages are applied in order and its
   * failure is then a pull's failure like any other; until then, and if it is
   * never awaited (this sync stopped, the page could not be stored), its
   * rejection is handled here rather than left unhandled.
   */
  function prefetch(cursor: number): Promise<PullResponse> {
    const next = pullPage(cursor, PAGE)
    next.catch(() => undefined)
    return next
  }

  async function pull() {
    const found = await db.syncState.get(state.userId)
    if (stopped || found?.clientId !== state.clientId) throw new Stop()
    const start = await pullFrom(db, found)
    let cursor = start.cursor
    let asked = pullPage(cursor, start.downloaded ? PAGE : FIRST_PAGE)
    for (;;) {
      const page = await asked
      // A late or repeated answer never takes the cursor back, as applying it never does.
      cursor = Math.max(cursor, page.cursor)
      const next = page.more && !stopped ? prefetch(cursor) : null
      const applied = await applyPulledPage(db, state, page)
      // Signed out and removed meanwhile, or started over: nothing more is for this state.
      if (!applied) throw new Stop()
      if (!start.downloaded) {
        const received = (download?.received ?? 0) + applied.letters
        download = { received, total: received + page.lettersRemaining }
        await publish()
      }
      if (!page.more) break
      // Stopped meanwhile: the page asked for is not wanted, and the download is not done.
      if (!next || stopped) throw new Stop()
      asked = next
    }
    // One read-and-write: a write made meanwhile moves nextMutationId, which must not go back.
    await db.syncState.update(state.userId, { downloaded: true })
    download = null
  }

  async function quiet(): Promise<boolean> {
    if (phase !== 'synced') return false
    const [pending, current] = await Promise.all([
      db.outbox.where('clientId').equals(state.clientId).count(),
      db.syncState.get(state.userId),
    ])
    return pending === 0 && current?.downloaded === true
  }

  async function failed(error: unknown) {
    if (error instanceof Stop) return stop()
    if (error instanceof ApiError && error.status === 401) {
      stop()
      await deps.onSessionExpired(state.userId)
      return
    }
    if (isAppError(error) && error.code === 'CLIENT_TOO_OLD') {
      await publish('update-required')
      stop()
      deps.onClientTooOld()
      return
    }
    if (!deps.online() || (isAppError(error) && error.code === 'NEEDS_CONNECTION')) {
      // The `online` event starts the next round.
      return publish('offline')
    }
    await publish('retrying')
    // Backoff with jitter, so devices that lost the server together do not return together.
    const delay = retryDelayMs(attempt++) * (0.5 + random())
    retryTimer = setTimeout(() => void request(), delay)
  }

  async function round() {
    // Storage that went away (the database closed under a closing tab) stops this tab's sync.
    await rounds().catch((error: unknown) => {
      console.warn(error)
      stop()
    })
  }

  async function rounds() {
    while (wanted && !stopped) {
      wanted = false
      clearTimeout(retryTimer)
      if (!deps.online()) {
        await publish('offline')
        return
      }
      try {
        // A round with nothing to send and nothing to download (a poke, the minute's pull) says
        // nothing: a status that flickers to "Syncing…" each minute is noise, read aloud.
        if (!(await quiet())) await publish('syncing')
        await push()
        await pull()
        attempt = 0
        await publish('synced')
      } catch (error) {
        // What was asked meanwhile waits for the retry, or the event that ends being offline.
        wanted = false
        await failed(error)
        return
      }
    }
  }

  function request(): Promise<void> {
    wanted = true
    running ??= round().finally(() => {
      running = null
      // Asked for between the round's last check and its end.
      if (wanted && !stopped) void request()
    })
    return running
  }

  function stop() {
    stopped = true
    clearTimeout(retryTimer)
  }

  return { request, stop }
}
