import { inArray, sql } from 'drizzle-orm'
import type { CommissionState } from '@/domain/commissions'
import { REFUND_WINDOW_DAYS } from '@/domain/money'
import type { Db } from '../db/database'
import { commissionEvents, commissions } from '../db/money-schema'
import { lockSyncedOwner } from '../sync/clients'

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

/**
 * Sends commissions whose state changed to their employees' devices again:
 * each draws a new version under its employee's lock (taken in id order, so
 * two writers never wait on each other). Answers the employees, to be told to pull.
 */
export async function touchCommissions(tx: Db, ids: readonly string[], now: Date) {
  if (ids.length === 0) return []
  const owners = await tx
    .selectDistinct({ employeeId: commissions.employeeId })
    .from(commissions)
    .where(inArray(commissions.id, [...ids]))
  const employees = owners.map((owner) => owner.employeeId).sort()
  for (const employeeId of employees) await lockSyncedOwner(tx, employeeId)
  await tx
    .update(commissions)
    .set({ version: sql`nextval('sync_version')`, updatedAt: now })
    .where(inArray(commissions.id, [...ids]))
  return employees
}
