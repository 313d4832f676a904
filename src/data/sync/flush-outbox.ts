import { Dexie, liveQuery } from 'dexie'
import type { LetterheadDatabase } from '../database'
import { SESSION_KEY } from '../dexie/context'

/**
 * How long a flush waits for the server to acknowledge what was written: long
 * enough for a push retried once or twice with backoff, or for another tab
 * holding the sync lock to push, short enough that a person waiting for a
 * letter is not kept on a server that does not answer.
 */
export const FLUSH_WAIT_MS = 10_000

const upTo = (db: LetterheadDatabase, clientId: string, lastId: number) =>
  db.outbox.where('[clientId+id]').between([clientId, Dexie.minKey], [clientId, lastId], true, true)

/** The signed-in account's client and its newest change waiting, or null when nothing waits. */
async function newestWaiting(
  db: LetterheadDatabase,
): Promise<{ clientId: string; lastId: number } | null> {
  const session = await db.session.get(SESSION_KEY)
  const state = session ? await db.syncState.get(session.userId) : undefined
  if (!state) return null
  const last = await db.outbox
    .where('[clientId+id]')
    .between([state.clientId, Dexie.minKey], [state.clientId, Dexie.maxKey])
    .last()
  return last ? { clientId: state.clientId, lastId: last.id } : null
}

/**
 * Starts a push with `syncNow` and resolves true once every change waiting
 * when it was called has left the outbox (the server acknowledged it, or
 * refused it, which it also answers), false after `waitMs` without. It
 * watches the outbox rather than the push, so it also sees another tab's
 * push: only the tab holding the sync lock sends (sync-leader.ts).
 */
export async function flushOutbox(
  db: LetterheadDatabase,
  syncNow: () => Promise<void>,
  waitMs = FLUSH_WAIT_MS,
): Promise<boolean> {
  const waiting = await newestWaiting(db)
  if (!waiting) return true
  // A push that fails is retried by the sync engine with its backoff; the outbox says when it is in.
  void syncNow().catch(() => undefined)
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => finish(false), waitMs)
    const watch = liveQuery(() => upTo(db, waiting.clientId, waiting.lastId).count()).subscribe({
      next: (count) => {
        if (count === 0) finish(true)
      },
      error: () => finish(false),
    })
    function finish(result: boolean) {
      clearTimeout(timer)
      // A first answer can arrive before `subscribe` has returned `watch`.
      queueMicrotask(() => watch.unsubscribe())
      resolve(result)
    }
  })
}
