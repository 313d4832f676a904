import { sql } from 'drizzle-orm'
import { REFUND_WINDOW_DAYS } from '@/domain/money'
import type { Db } from '../db/database'
import { commissionEvents } from '../db/money-schema'

export type CommissionState = (typeof commissionEvents.$inferSelect)['state']

/**
 * The state of each commission: its last event. A commission's amount is
 * never updated; a change of state is a new event (decision 023).
 */
export const LATEST_STATE = sql<CommissionState>`(
  select e.state from commission_events e
  where e.commission_id = commissions.id
  order by e.seq desc limit 1
)`

type NewEvent = {
  commissionId: string
  state: CommissionState
  amountCents: number
  actorId?: string | null
  details?: Record<string, unknown>
  now: Date
}

export async function appendEvent(tx: Db, event: NewEvent) {
  await tx.insert(commissionEvents).values({
    id: crypto.randomUUID(),
    commissionId: event.commissionId,
    state: event.state,
    amountCents: event.amountCents,
    actorId: event.actorId ?? null,
    details: event.details ?? null,
    createdAt: event.now,
  })
}

/**
 * Approves every commission still pending whose refund window has passed:
 * one `approved` event each, written by the server (no actor). Run before
 * anything reads or pays commissions, so a state is never stale when shown.
 */
export async function approveDue(tx: Db, now: Date) {
  const windowEnd = new Date(now.getTime() - REFUND_WINDOW_DAYS * 86_400_000)
  await tx.execute(sql`
    insert into commission_events (id, commission_id, state, amount_cents, created_at)
    select gen_random_uuid(), commissions.id, 'approved', commissions.commission_cents,
      ${now.toISOString()}::timestamptz
    from commissions
    where commissions.created_at <= ${windowEnd.toISOString()}::timestamptz
      and ${LATEST_STATE} = 'pending'
  `)
}
