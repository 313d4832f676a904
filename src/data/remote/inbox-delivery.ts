import { isAppError } from '@/domain/errors'
import { INBOX_PATHS, inboxReceiptSchema } from '@/domain/inbox-api'
import { retryDelayMs } from '@/lib/retry'
import type { LetterheadDatabase } from '../database'
import { nextQueued, unqueue } from '../dexie/inbox-queue'
import type { InboxSender } from '../inbox-parts'
import type { InboxEntry, InboxKind } from '../inbox-types'
import { type ApiClient, ApiError, createApiClient } from './api-client'

/** The Web Lock a tab holds while it sends the inbox queue: one tab sends at a time. */
export const INBOX_LOCK = 'letterhead:inbox'

/** How long a kind waits after a 429 that did not say how long (Retry-After). */
export const RATE_LIMITED_WAIT_MS = 60_000

const PATHS = {
  message: INBOX_PATHS.messages,
  error: INBOX_PATHS.errors,
} satisfies Record<InboxKind, string>

const NAMES = { message: 'contact message', error: 'error report' } satisfies Record<
  InboxKind,
  string
>

/** Runs `task` after `ms`; answers how to cancel it. */
export type Later = (task: () => void, ms: number) => () => void

export type InboxDeliveryOptions = {
  db: LetterheadDatabase
  client?: ApiClient
  /** Where `online` is announced. */
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null
  /** Web Locks; without them every tab sends, which the entries' ids make harmless. */
  locks?: Pick<LockManager, 'request'> | null
  later?: Later
  now?: () => number
  random?: () => number
  /** Where a refused entry is reported (never with what it said), and a pass that failed. */
  warn?: (message: unknown) => void
}

export type InboxDelivery = InboxSender & {
  /** Stops listening and waiting; a pass under way ends after its current entry. */
  stop(): void
}

type Outcome =
  | { kind: 'sent' }
  | { kind: 'refused'; status: number; code: string }
  | { kind: 'limited'; waitMs: number }
  | { kind: 'offline' }
  | { kind: 'unreachable' }

function outcomeOf(error: unknown): Outcome {
  if (error instanceof ApiError) {
    // The server took it; only its answer was not the one expected.
    if (error.status < 300) return { kind: 'sent' }
    if (error.status === 429)
      return { kind: 'limited', waitMs: error.retryAfterMs ?? RATE_LIMITED_WAIT_MS }
    if (error.status === 408 || error.status >= 500) return { kind: 'unreachable' }
    return { kind: 'refused', status: error.status, code: error.code }
  }
  if (isAppError(error) && error.code === 'NEEDS_CONNECTION') return { kind: 'offline' }
  return { kind: 'unreachable' }
}

const realLater: Later = (task, ms) => {
  const timer = setTimeout(task, ms)
  return () => clearTimeout(timer)
}

/**
 * Sends the inbox queue to the server, oldest first, each entry under the id
 * the device gave it, so one sent twice is stored once. Sent or refused (4xx),
 * an entry leaves the queue; offline, the `online` event sends it; unreachable
 * (no answer, 5xx), it waits with backoff; a kind the server rate-limits (429)
 * waits as long as the server said while the other kind goes on
 * (docs/decisions/028-inbox-queue.md).
 */
export function createInboxDelivery({
  db,
  client = createApiClient(),
  events = globalThis.window ?? null,
  locks = globalThis.navigator?.locks ?? null,
  later = realLater,
  now = Date.now,
  random = Math.random,
  warn = console.warn,
}: InboxDeliveryOptions): InboxDelivery {
  /** When each kind may be sent again after a 429. */
  const heldUntil = new Map<InboxKind, number>()
  let failures = 0
  let wake: { at: number; cancel: () => void } | null = null
  let stopped = false

  /** Another pass in `ms`, unless one is already due sooner. */
  function wakeIn(ms: number) {
    const at = now() + ms
    if (wake && wake.at <= at) return
    wake?.cancel()
    const cancel = later(() => {
      wake = null
      deliver().catch(warn)
    }, ms)
    wake = { at, cancel }
  }

  async function attempt(entry: InboxEntry): Promise<Outcome> {
    try {
      await client.json(PATHS[entry.kind], inboxReceiptSchema, {
        method: 'POST',
        body: entry.request,
      })
      return { kind: 'sent' }
    } catch (error) {
      return outcomeOf(error)
    }
  }

  async function pass() {
    wake?.cancel()
    wake = null
    let seq = 0
    while (!stopped) {
      const entry = await nextQueued(db, seq)
      if (entry?.seq === undefined) return
      seq = entry.seq
      const held = (heldUntil.get(entry.kind) ?? 0) - now()
      if (held > 0) {
        wakeIn(held)
        continue
      }
      const outcome = await attempt(entry)
      switch (outcome.kind) {
        case 'sent':
          failures = 0
          await unqueue(db, seq)
          break
        case 'refused':
          // The server answered; sending it again would get the same answer.
          failures = 0
          warn(
            `The server refused a queued ${NAMES[entry.kind]} (${outcome.status} ${outcome.code}); it stays on this device and is not sent again.`,
          )
          await unqueue(db, seq)
          break
        case 'limited':
          heldUntil.set(entry.kind, now() + outcome.waitMs)
          wakeIn(outcome.waitMs)
          break
        case 'offline':
          // Nothing gets through now; the `online` event starts the next pass.
          return
        case 'unreachable':
          // Backoff with jitter, so devices that lost the server together do not return together.
          wakeIn(retryDelayMs(failures++) * (0.5 + random()))
          return
      }
    }
  }

  async function underLock(task: () => Promise<void>): Promise<void> {
    if (locks) await locks.request(INBOX_LOCK, task)
    else await task()
  }

  // One pass at a time; a call while one runs gets the next pass, which reads the queue afresh.
  let tail: Promise<void> = Promise.resolve()
  let next: Promise<void> | null = null
  function deliver(): Promise<void> {
    if (stopped) return Promise.resolve()
    if (!next) {
      const run = tail.then(() => {
        next = null
        return underLock(pass)
      })
      tail = run.catch(() => undefined)
      next = run
    }
    return next
  }

  const online = () => void deliver().catch(warn)
  events?.addEventListener('online', online)

  return {
    deliver,
    stop() {
      stopped = true
      wake?.cancel()
      wake = null
      events?.removeEventListener('online', online)
    },
  }
}
