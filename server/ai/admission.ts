import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { AppError, ERROR_MESSAGES } from '@/domain/errors'
import type { AiSettings } from '../config'
import { aiUsage } from '../db/ai-schema'
import type { Db } from '../db/database'
import { rowsOf } from '../db/rows-of'
import { enqueue, QUEUE_TIMING } from './queue'

/**
 * Whether a user may start a generation now (decision 031), decided in one
 * transaction under a lock of that user, so two requests at once cannot both
 * take the last place: at most AI_RATE_LIMIT_PER_MINUTE attempts in the last
 * minute (those that went ahead, finished or still in line), and fewer tokens
 * today (UTC) than AI_DAILY_TOKEN_BUDGET. One that may is put in line; one that
 * may not is recorded as turned away and refused with when to try again.
 */

export type Ticket = { id: string; userId: string; priority: 0 | 1 }

export type Attempt = { userId: string; letterId: string; model: string; arrivedAt: Date }

const MINUTE_MS = 60_000
const DAY_MS = 86_400_000

/** 0 ("priority processing") for an active, unrefunded Annual 8 Letters purchase; 1 otherwise. */
export async function priorityOf(db: Db, userId: string, now: Date): Promise<0 | 1> {
  const [row] = rowsOf<{ annual8: boolean }>(
    await db.execute(sql`
      select exists (
        select 1 from subscriptions s
        where s.owner_id = ${userId} and s.plan = 'annual8' and s.deleted_at is null
          and (s.expires_at is null or s.expires_at > ${now.toISOString()}::timestamptz)
          and not exists (select 1 from refunds r where r.subscription_id = s.id)
      ) as annual8
    `),
  )
  return row?.annual8 ? 0 : 1
}

type Refusal = { code: 'AI_BUSY' | 'AI_BUDGET_EXHAUSTED'; message: string; retryAfterS: number }

/** A refusal the route answers with 429 and a Retry-After header. */
export class Refused extends AppError {
  constructor(readonly refusal: Refusal) {
    super(refusal.code, refusal.message)
  }
}

/** Puts the attempt in line, or throws `Refused` after recording it as turned away. */
export async function admit(
  db: Db,
  settings: AiSettings,
  attempt: Attempt,
  priority: 0 | 1,
): Promise<Ticket> {
  const ticket: Ticket = { id: randomUUID(), userId: attempt.userId, priority }
  const refusal = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('letterhead:ai:' || ${attempt.userId}))`,
    )
    const found = await refusalFor(tx, settings, attempt)
    if (found) {
      await tx.insert(aiUsage).values(turnedAway(attempt, found.code))
      return found
    }
    await enqueue(tx, ticket)
    return undefined
  })
  if (refusal) throw new Refused(refusal)
  return ticket
}

async function refusalFor(tx: Db, settings: AiSettings, attempt: Attempt) {
  const now = attempt.arrivedAt
  const minuteAgo = new Date(now.getTime() - MINUTE_MS)
  const dayStart = startOfUtcDay(now)
  const [counts] = rowsOf<{ recent: number; oldest: Date | string | null; tokens: number }>(
    await tx.execute(sql`
      select
        (select count(*)::int from ai_usage
          where user_id = ${attempt.userId} and created_at > ${minuteAgo.toISOString()}::timestamptz
            and outcome not in ('rate_limited', 'budget'))
        + (select count(*)::int from ai_queue
          where user_id = ${attempt.userId}
            and heartbeat_at >= clock_timestamp() - make_interval(secs => ${QUEUE_TIMING.staleMs / 1000}))
          as recent,
        (select min(created_at) from ai_usage
          where user_id = ${attempt.userId} and created_at > ${minuteAgo.toISOString()}::timestamptz
            and outcome not in ('rate_limited', 'budget')) as oldest,
        (select coalesce(sum(tokens_in + tokens_out), 0)::int from ai_usage
          where user_id = ${attempt.userId} and created_at >= ${dayStart.toISOString()}::timestamptz)
          as tokens
    `),
  )
  if ((counts?.recent ?? 0) >= settings.rateLimitPerMinute) {
    // When the oldest attempt of the minute leaves it; a minute when the line alone is full.
    const oldest = counts?.oldest ? new Date(counts.oldest).getTime() : now.getTime()
    const retryAfterS = Math.max(1, Math.ceil((oldest + MINUTE_MS - now.getTime()) / 1000))
    return { code: 'AI_BUSY', message: ERROR_MESSAGES.AI_BUSY, retryAfterS } as const
  }
  if ((counts?.tokens ?? 0) >= settings.dailyTokenBudget) {
    const resetsInMs = dayStart.getTime() + DAY_MS - now.getTime()
    return {
      code: 'AI_BUDGET_EXHAUSTED',
      message: budgetMessage(resetsInMs),
      retryAfterS: Math.max(1, Math.ceil(resetsInMs / 1000)),
    } as const
  }
  return undefined
}

export const startOfUtcDay = (at: Date) =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()))

/** "…It resets at midnight UTC, in 3 hours 20 minutes." */
export function budgetMessage(resetsInMs: number): string {
  const minutes = Math.max(1, Math.ceil(resetsInMs / MINUTE_MS))
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  const parts = [
    ...(hours > 0 ? [`${hours} hour${hours === 1 ? '' : 's'}`] : []),
    ...(rest > 0 ? [`${rest} minute${rest === 1 ? '' : 's'}`] : []),
  ]
  return `${ERROR_MESSAGES.AI_BUDGET_EXHAUSTED.replace(/\.$/, '')}, in ${parts.join(' ')}.`
}

function turnedAway(attempt: Attempt, code: Refusal['code']): typeof aiUsage.$inferInsert {
  return {
    id: randomUUID(),
    userId: attempt.userId,
    letterId: attempt.letterId,
    model: attempt.model,
    tokensIn: 0,
    tokensOut: 0,
    tokensEstimated: false,
    ms: 0,
    queuedMs: 0,
    outcome: code === 'AI_BUSY' ? 'rate_limited' : 'budget',
    createdAt: attempt.arrivedAt,
  }
}
