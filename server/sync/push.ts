import type { Mutation, PushResponse, Refusal } from '@/domain/sync'
import type { Db } from '../db/database'
import { applyCreates, isCreate } from './create-batch'
import { claimClient, lastMutationIdOf, lockForMutation, recordMutationId } from './clients'
import { bumpLetter, letterOwnerOf, type MutationContext } from './letter-store'
import { applyMutation, letterIdOf } from './mutations'
import { refusalOf } from './refusal'

export type PushInput = MutationContext & { mutations: Mutation[] }

/** The push's answer, and whether any row changed (so the user's devices are told to pull). */
export type PushResult = PushResponse & { changed: boolean }

type Outcome = { changed: boolean; refusal?: Refusal }
const SKIPPED: Outcome = { changed: false }

/**
 * Replays a device's mutations in order, each in its own transaction as the
 * session's user; a mutation already applied is skipped, so a retried push
 * never applies twice (decision 021, Push).
 */
export async function push(db: Db, input: PushInput): Promise<PushResult> {
  const { userId, clientId, now } = input
  await claimClient(db, clientId, userId, now)
  // The id only grows: whatever is at or below it now is applied, and needs no transaction.
  const applied = await lastMutationIdOf(db, clientId)
  const refused: Refusal[] = []
  let changed = false
  const waiting = input.mutations.filter((mutation) => mutation.id > applied)
  for (let start = 0; start < waiting.length;) {
    // New letters come in runs (a device that wrote offline, an upload): one transaction a run.
    let end = start
    while (end < waiting.length && isCreate(waiting[end])) end += 1
    const batch = end - start > 1 ? await applyCreates(db, input, waiting.slice(start, end)) : null
    if (batch) {
      refused.push(...batch.refused)
      changed ||= batch.changed
      start = end
      continue
    }
    for (const mutation of waiting.slice(start, Math.max(end, start + 1))) {
      const outcome = await replay(db, input, mutation)
      if (outcome.refusal) refused.push(outcome.refusal)
      changed ||= outcome.changed
    }
    start = Math.max(end, start + 1)
  }
  return { lastMutationId: await lastMutationIdOf(db, clientId), refused, changed }
}

async function replay(db: Db, context: MutationContext, mutation: Mutation): Promise<Outcome> {
  try {
    return await db.transaction(async (tx) => {
      const last = await lockForMutation(tx, context.userId, context.clientId)
      if (mutation.id <= last) return SKIPPED
      const changed = await applyMutation(tx, context, mutation)
      await recordMutationId(tx, context.clientId, mutation.id, context.now)
      return { changed }
    })
  } catch (error) {
    const refusal = refusalOf(error, mutation.id)
    if (!refusal) throw error
    return refuse(db, context, mutation, refusal)
  }
}

/**
 * A refused mutation still advances the client's id, in a transaction of its
 * own (the mutation's was undone). A letter of the user's it named gets a new
 * version, so the next pull sends its true state and the device's optimistic
 * change is undone; anyone else's letter is left alone.
 */
async function refuse(
  db: Db,
  context: MutationContext,
  mutation: Mutation,
  refusal: Refusal,
): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const last = await lockForMutation(tx, context.userId, context.clientId)
    if (mutation.id <= last) return SKIPPED
    await recordMutationId(tx, context.clientId, mutation.id, context.now)
    const letterId = letterIdOf(mutation)
    const owned = letterId !== undefined && (await letterOwnerOf(tx, letterId)) === context.userId
    if (letterId && owned) await bumpLetter(tx, letterId)
    return { changed: owned, refusal }
  })
}
