import type { Mutation, PushResponse, Refusal } from '@/domain/sync'
import type { Letter } from '@/domain/types'
import type { LetterheadDatabase } from '../database'
import type { OutboxEntry, SyncState } from '../sync-types'

/** Mutations per push; the server takes up to 1000. */
export const PUSH_BATCH = 500
/** About this many bytes of arguments per push, so one request never nears the server's limit. */
export const PUSH_BATCH_BYTES = 2_000_000

/** The oldest mutations waiting, in order, as one push's worth. */
export async function nextBatch(db: LetterheadDatabase, state: SyncState): Promise<OutboxEntry[]> {
  const waiting = await db.outbox
    .where('[clientId+id]')
    .between([state.clientId, 0], [state.clientId, Infinity])
    .limit(PUSH_BATCH)
    .toArray()
  const batch: OutboxEntry[] = []
  let bytes = 0
  for (const entry of waiting) {
    bytes += JSON.stringify(entry.args).length
    if (batch.length > 0 && bytes > PUSH_BATCH_BYTES) break
    batch.push(entry)
  }
  return batch
}

export const asMutations = (batch: readonly OutboxEntry[]): Mutation[] =>
  batch.map(({ id, name, args }) => ({ id, name, args }))

export type RefusedChange = Refusal & { name: string; letterId?: string }

/**
 * Takes a push's answer: the mutations the server applied or refused leave
 * the outbox, and each refused one is marked on the letter it concerns, with
 * the text the person wrote, so nothing they typed is lost. Answers the refusals.
 */
export function settlePush(
  db: LetterheadDatabase,
  state: SyncState,
  batch: readonly OutboxEntry[],
  response: PushResponse,
  at: string,
): Promise<RefusedChange[]> {
  return db.transaction('rw', [db.outbox, db.letters], async () => {
    await db.outbox
      .where('[clientId+id]')
      .between([state.clientId, 0], [state.clientId, response.lastMutationId], true, true)
      .delete()
    const refused: RefusedChange[] = []
    for (const refusal of response.refused) {
      const entry = batch.find((candidate) => candidate.id === refusal.id)
      const letterId = entry ? letterOf(entry) : undefined
      refused.push({ ...refusal, name: entry?.name ?? 'unknown', letterId })
      if (!entry || letterId === undefined) continue
      const letter = await db.letters.get(letterId)
      if (!letter) continue
      const content = writtenText(entry)
      const syncIssue: NonNullable<Letter['syncIssue']> = {
        code: refusal.code,
        message: refusal.message,
        at,
        ...(content === undefined ? {} : { content }),
      }
      await db.letters.put({ ...letter, syncIssue })
    }
    return refused
  })
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

/** The letter a mutation changes, if it changes one. */
function letterOf(entry: OutboxEntry): string | undefined {
  if (!isRecord(entry.args)) return undefined
  const { id, letter } = entry.args
  if (typeof id === 'string' && entry.name.startsWith('letters.')) return id
  if (isRecord(letter) && typeof letter.id === 'string') return letter.id
  return undefined
}

/** The text a refused mutation would have saved. */
function writtenText(entry: OutboxEntry): string | undefined {
  if (!isRecord(entry.args)) return undefined
  const { content } = entry.args
  return typeof content === 'string' ? content : undefined
}
