import { EventEmitter } from 'node:events'
import type { Database } from '../db/database'

/**
 * "This user's rows changed": what turns into a `pull` event on each of their
 * open event streams (DESIGN.md §7, Live).
 */
export type SyncSignal = {
  /** Called once a push's transactions have committed, and only when it changed something. */
  publish(userId: string): Promise<void>
  /** Calls `listener` on every signal for `userId`; returns what stops it. */
  subscribe(userId: string, listener: () => void): () => void
  /** How many listeners for `userId` this process holds (one per open event stream). */
  listeners(userId: string): number
  close(): Promise<void>
}

/**
 * Tells `userIds`' devices to pull, once what changed for them has committed.
 * A signal that does not go out only delays their pull, so it is logged, not thrown.
 */
export async function tellToPull(
  signal: SyncSignal,
  userIds: Iterable<string | null | undefined>,
  log: { warn(details: object, message: string): void },
) {
  const unique = new Set([...userIds].filter((id): id is string => typeof id === 'string'))
  await Promise.all(
    [...unique].map((userId) =>
      signal.publish(userId).catch((error: unknown) => {
        log.warn({ err: error }, 'the sync signal was not sent')
      }),
    ),
  )
}

/** The PostgreSQL channel every Letterhead process listens on; the payload is a user id. */
export const SYNC_CHANNEL = 'letterhead_sync'

/** The listeners in this process, by user. */
function localListeners() {
  const emitter = new EventEmitter()
  // One listener per open event stream: thousands are expected, not a leak.
  emitter.setMaxListeners(0)
  return {
    emitter,
    subscribe: (userId: string, listener: () => void) => {
      emitter.on(userId, listener)
      return () => void emitter.off(userId, listener)
    },
    listeners: (userId: string) => emitter.listenerCount(userId),
    /** Every user with a stream open here, for when signals may have been missed. */
    everyone: () => {
      for (const userId of emitter.eventNames()) emitter.emit(userId)
    },
  }
}

/**
 * With PGlite the database is this process's alone, so the signal stays in
 * it. With PostgreSQL other processes may serve the same user: the signal is a
 * `NOTIFY` that every process (this one too) hears on its own listening
 * connection and hands to its local streams.
 */
export async function createSyncSignal(database: Database): Promise<SyncSignal> {
  const local = localListeners()
  if (database.kind === 'pglite') {
    return {
      publish: (userId) => {
        local.emitter.emit(userId)
        return Promise.resolve()
      },
      subscribe: local.subscribe,
      listeners: local.listeners,
      close: () => {
        local.emitter.removeAllListeners()
        return Promise.resolve()
      },
    }
  }
  const listening = await database.listen(SYNC_CHANNEL, {
    onNotify: (userId) => local.emitter.emit(userId),
    onResume: () => local.everyone(),
  })
  return {
    async publish(userId) {
      await database.query('select pg_notify($1, $2)', [SYNC_CHANNEL, userId])
    },
    subscribe: local.subscribe,
    listeners: local.listeners,
    async close() {
      local.emitter.removeAllListeners()
      await listening.close()
    },
  }
}
