import { inArray } from 'drizzle-orm'
import { type Mutation, mutationArgsSchemas, type MutationArgs, type Refusal } from '@/domain/sync'
import { ERROR_MESSAGES, type ErrorCode } from '@/domain/errors'
import type { Db } from '../db/database'
import { letters } from '../db/schema'
import { lockForMutation, recordMutationId } from './clients'
import { answersOf, type MutationContext, nextVersion } from './letter-store'
import { firstProblem, refusalOf } from './refusal'

const refusal = (id: number, code: ErrorCode, message: string = ERROR_MESSAGES[code]): Refusal => ({
  id,
  code,
  message,
})

type NewLetter = MutationArgs<'letters.create'>['letter']

export type BatchOutcome = { changed: boolean; refused: Refusal[] }

/** Whether a mutation can go in a batch of creates. */
export const isCreate = (mutation: Mutation | undefined) => mutation?.name === 'letters.create'

/**
 * A run of `letters.create` mutations in one transaction: the user's row lock
 * taken once, every new letter written by one statement, the client's last
 * mutation id recorded once. The rules are those of one create at a time
 * (letter-lifecycle.ts): args checked one by one, an id the user already has
 * is nothing to do, an id someone else has is not found. A device that wrote
 * many letters offline pushes them at the cost of a few statements, not a
 * transaction each. Answers null when the batch cannot be applied whole (text
 * the database refuses, an id taken meanwhile): the caller then replays the
 * run one mutation at a time, which refuses just the offending one.
 */
export async function applyCreates(
  db: Db,
  context: MutationContext,
  run: readonly Mutation[],
): Promise<BatchOutcome | null> {
  try {
    return await db.transaction(async (tx) => {
      const last = await lockForMutation(tx, context.userId, context.clientId)
      const fresh = run.filter((mutation) => mutation.id > last)
      const final = fresh.at(-1)
      if (!final) return { changed: false, refused: [] }
      const refused: Refusal[] = []
      const valid: Array<{ id: number; letter: NewLetter }> = []
      for (const mutation of fresh) {
        const parsed = mutationArgsSchemas['letters.create'].safeParse(mutation.args)
        if (parsed.success) valid.push({ id: mutation.id, letter: parsed.data.letter })
        else refused.push(refusal(mutation.id, 'INVALID_INPUT', firstProblem(parsed.error)))
      }
      const owners = await ownersOf(
        tx,
        valid.map(({ letter }) => letter.id),
      )
      const rows = []
      for (const { id, letter } of valid) {
        const owner = owners.get(letter.id)
        if (owner === undefined) {
          owners.set(letter.id, context.userId)
          rows.push(rowOf(letter, context))
        } else if (owner !== context.userId) refused.push(refusal(id, 'NOT_FOUND'))
      }
      if (rows.length > 0) await tx.insert(letters).values(rows)
      await recordMutationId(tx, context.clientId, final.id, context.now)
      return { changed: rows.length > 0, refused: refused.sort((a, b) => a.id - b.id) }
    })
  } catch (error) {
    if (refusalOf(error, 0) !== null) return null
    throw error
  }
}

async function ownersOf(tx: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map()
  const found = await tx
    .select({ id: letters.id, ownerId: letters.ownerId })
    .from(letters)
    .where(inArray(letters.id, ids))
  return new Map(found.map((row) => [row.id, row.ownerId]))
}

const rowOf = (letter: NewLetter, context: MutationContext) => ({
  id: letter.id,
  ownerId: context.userId,
  ...answersOf(letter),
  content: '',
  status: 'generating' as const,
  generator: letter.generator,
  subscriptionId: letter.subscriptionId ?? null,
  version: nextVersion(),
  createdAt: new Date(letter.createdAt),
  updatedAt: context.now,
})
