import type { Mutation, PushResponse, Refusal } from '@/domain/sync'
import type { Db } from '../db/database'
import { applyCreateRun, createRunEnd } from './create-batch'
import { claimClientAndLock, recordMutationId } from './clients'
import { bumpLetter, letterOwnerOf, type MutationContext } from './letter-store'
import { applyMutation, letterIdOf } from './mutations'
import { type Isolation, refusalOf } from './refusal'

export type PushInput = MutationContext & { mutations: Mutation[] }

/** The push's answer, and whether any row changed (so the user's devices are told to pull). */
export type PushResult = PushResponse & { changed: boolean }

type Outcome = { changed: boolean; refused: Refusal[] }

/** A refusal met by an attempt without savepoints: the push is replayed with them. */
class NeedsSavepoints extends Error {
  override name = 'NeedsSavepoints'
}

/**
 * Replays a device's mutations in order as the session's user, in one
 * transaction under the user's row lock; a mutation already applied is
 * skipped, so a retried push never applies twice. Each mutation, or run of
 * new letters, is undone alone when refused (decision 021, Push). Nearly every
 * push has no refusal, so it is first replayed without savepoints, which cost
 * two statements each; one that meets a refusal is undone whole and replayed
 * with them (decision 044).
 */
export async function push(db: Db, input: PushInput): Promise<PushResult> {
  try {
    return await db.transaction((tx) => replayPush(tx, input, 'none'))
  } catch (error) {
    if (!(error instanceof NeedsSavepoints)) throw error
    return db.transaction((tx) => replayPush(tx, input, 'savepoint'))
  }
}

async function replayPush(tx: Db, input: PushInput, isolation: Isolation): Promise<PushResult> {
  const { userId, clientId, now } = input
  const last = await claimClientAndLock(tx, clientId, userId, now)
  const fresh = input.mutations.filter((mutation) => mutation.id > last)
  const final = fresh.at(-1)
  if (!final) return { lastMutationId: last, refused: [], changed: false }
  const { changed, refused } = await replayAll(tx, input, fresh, isolation)
  await recordMutationId(tx, clientId, final.id, now)
  return { lastMutationId: final.id, refused, changed }
}

async function replayAll(
  tx: Db,
  context: MutationContext,
  mutations: Mutation[],
  isolation: Isolation,
) {
  const total: Outcome = { changed: false, refused: [] }
  const add = (outcome: Outcome) => {
    total.changed ||= outcome.changed
    total.refused.push(...outcome.refused)
  }
  for (let start = 0; start < mutations.length;) {
    // New letters come in runs (a device that wrote offline, an upload): one statement a run.
    const end = createRunEnd(mutations, start)
    const run =
      end - start > 1
        ? await applyCreateRun(tx, context, mutations.slice(start, end), isolation)
        : null
    if (run === 'undo') throw new NeedsSavepoints()
    if (run) add(run)
    else {
      for (const mutation of mutations.slice(start, Math.max(end, start + 1))) {
        add(await replay(tx, context, mutation, isolation))
      }
    }
    start = Math.max(end, start + 1)
  }
  return total
}

async function replay(
  tx: Db,
  context: MutationContext,
  mutation: Mutation,
  isolation: Isolation,
): Promise<Outcome> {
  try {
    const changed =
      isolation === 'savepoint'
        ? await tx.transaction((savepoint) => applyMutation(savepoint, context, mutation))
        : await applyMutation(tx, context, mutation)
    return { changed, refused: [] }
  } catch (error) {
    const refusal = refusalOf(error, mutation.id)
    if (!refusal) throw error
    // Part of the mutation may be written, or the transaction failed with it: undo all of it.
    if (isolation === 'none') throw new NeedsSavepoints()
    return { changed: await bumpRefused(tx, context, mutation), refused: [refusal] }
  }
}

/**
 * After a refused mutation's savepoint is undone, a letter of the user's it
 * named gets a new version, so the next pull sends its true state and the
 * device's optimistic change is undone; anyone else's letter is left alone.
 */
async function bumpRefused(tx: Db, context: MutationContext, mutation: Mutation) {
  const letterId = letterIdOf(mutation)
  const owned = letterId !== undefined && (await letterOwnerOf(tx, letterId)) === context.userId
  if (letterId && owned) await bumpLetter(tx, letterId)
  return owned
}
