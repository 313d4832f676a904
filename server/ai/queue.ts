import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/database'
import { rowsOf } from '../db/rows-of'

/**
 * The line for AI_CONCURRENCY slots shared by every instance on the database
 * (decision 031), in `ai_queue`. A request's row runs once fewer than
 * `concurrency` rows are ahead of it: running rows first, then waiting ones by
 * priority (0, Annual 8 Letters, before 1) and arrival. Deciding and starting
 * happen under one transaction-scoped advisory lock, so two instances never
 * both take the last slot. Times are the database's clock, which every
 * instance shares; rows whose heartbeat is older than `staleMs` belong to an
 * instance that died and are removed by whoever looks next.
 */

/** Any key will do, as long as every instance uses the same one. */
const QUEUE_LOCK = 7_384_512_031

export type QueueTiming = {
  /** How often a waiting request looks again. */
  pollMs: number
  /** A row not heard from for this long is dropped. */
  staleMs: number
}

export const QUEUE_TIMING: QueueTiming = { pollMs: 200, staleMs: 60_000 }

/** Puts a waiting row in line, in the caller's transaction. */
export async function enqueue(tx: Db, entry: { id: string; userId: string; priority: 0 | 1 }) {
  await tx.execute(sql`
    insert into ai_queue (id, user_id, priority, enqueued_at, heartbeat_at)
    values (${entry.id}, ${entry.userId}, ${entry.priority}, clock_timestamp(), clock_timestamp())
  `)
}

/** Takes the row out of line, in the caller's transaction. */
export async function leave(tx: Db, id: string) {
  await tx.execute(sql`delete from ai_queue where id = ${id}`)
}

/** The row is still alive: its instance has not died. */
export async function heartbeat(db: Db, id: string) {
  await db.execute(sql`update ai_queue set heartbeat_at = clock_timestamp() where id = ${id}`)
}

export type Claim = { started: true } | { started: false; position: number }

/**
 * Starts the row if a slot is free for it, or says its place in line (1 is
 * next). A row that was dropped as stale (its instance stalled for a minute)
 * goes back in at the end of the line.
 */
export async function claimSlot(
  db: Db,
  ticket: { id: string; userId: string; priority: 0 | 1 },
  concurrency: number,
  staleMs: number,
): Promise<Claim> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${QUEUE_LOCK})`)
    await tx.execute(sql`
      delete from ai_queue
      where heartbeat_at < clock_timestamp() - make_interval(secs => ${staleMs / 1000})
    `)
    const touched = rowsOf<{ id: string }>(
      await tx.execute(sql`
        update ai_queue set heartbeat_at = clock_timestamp() where id = ${ticket.id} returning id
      `),
    )
    if (touched.length === 0) await enqueue(tx, ticket)
    const [ahead] = rowsOf<{ n: number }>(
      await tx.execute(sql`
        select count(*)::int as n
        from ai_queue q, ai_queue me
        where me.id = ${ticket.id} and q.id <> me.id
          and (q.started_at is not null
            or (q.priority, q.enqueued_at, q.id) < (me.priority, me.enqueued_at, me.id))
      `),
    )
    const rank = ahead?.n ?? 0
    if (rank >= concurrency) return { started: false, position: rank - concurrency + 1 }
    await tx.execute(
      sql`update ai_queue set started_at = clock_timestamp() where id = ${ticket.id}`,
    )
    return { started: true }
  })
}

/** A request waited its whole allowance (AI_QUEUE_TIMEOUT_MS) without a slot. */
export class QueueTimeout extends Error {
  constructor(waitedMs: number) {
    super(`waited ${Math.round(waitedMs / 1000)} s in line without a slot`)
  }
}

/**
 * Waits until the row runs, calling `onPosition` whenever its place in line
 * changes. Rejects with the signal's reason when it is aborted first, and with
 * `QueueTimeout` once it has waited `maxWaitMs` (either way the row stays for
 * the caller to remove with its usage).
 */
export async function waitForSlot(
  db: Db,
  ticket: { id: string; userId: string; priority: 0 | 1 },
  options: {
    concurrency: number
    timing: QueueTiming
    maxWaitMs: number
    signal: AbortSignal
    onPosition: (position: number) => void
  },
): Promise<void> {
  const { concurrency, timing, maxWaitMs, signal, onPosition } = options
  const giveUpAt = performance.now() + maxWaitMs
  let last: number | undefined
  for (;;) {
    signal.throwIfAborted()
    const claim = await claimSlot(db, ticket, concurrency, timing.staleMs)
    if (claim.started) return
    const left = giveUpAt - performance.now()
    if (left <= 0) throw new QueueTimeout(maxWaitMs)
    if (claim.position !== last) onPosition(claim.position)
    last = claim.position
    await sleep(Math.min(timing.pollMs, left), undefined, { signal })
  }
}
