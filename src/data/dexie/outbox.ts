import { Dexie } from 'dexie'
import type { MutationArgs, MutationName } from '@/domain/sync'
import type { LetterheadDatabase } from '../database'

/** The outbox key of a row a mutation changes; a pulled row with one pending keeps its local state. */
export const rowKey = (table: 'letters' | 'settings', id: string) => `${table}:${id}`

/** The tables a write must hold in its transaction to record its mutation. */
export const syncTables = (db: LetterheadDatabase) => [db.syncState, db.outbox]

const written = new Map<string, Set<() => void>>()

/**
 * Calls `listener` as soon as a transaction of this tab that recorded a
 * mutation has committed: the sync engine pushes at once, without waiting for
 * the database's change notification. Other tabs' writes still arrive that way.
 */
export function onOutboxWritten(db: LetterheadDatabase, listener: () => void): () => void {
  const listeners = written.get(db.name) ?? new Set()
  written.set(db.name, listeners)
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function announceOnCommit(db: LetterheadDatabase) {
  const listeners = written.get(db.name)
  if (!listeners || listeners.size === 0) return
  Dexie.currentTransaction?.on('complete', () => {
    for (const listener of listeners) listener()
  })
}

/**
 * Appends a mutation to `userId`'s outbox, inside the caller's transaction, so
 * the rows and the mutation are written together or not at all. An account
 * that does not sync on this device (device-only mode) has no sync state, and
 * nothing is recorded.
 */
export async function recordMutation<N extends MutationName>(
  db: LetterheadDatabase,
  userId: string,
  name: N,
  args: MutationArgs<N>,
  keys: string[],
  at: string,
): Promise<void> {
  const state = await db.syncState.get(userId)
  if (!state) return
  const id = state.nextMutationId
  announceOnCommit(db)
  await Promise.all([
    db.syncState.put({ ...state, nextMutationId: id + 1 }),
    db.outbox.add({ clientId: state.clientId, id, userId, name, args, keys, createdAt: at }),
  ])
}

type LetterMutation = Exclude<
  MutationName,
  'letters.create' | 'letters.upload' | 'settings.set' | 'settings.remove'
>

/** A change to one letter, as its mutation: the name and the args the server replays. */
export type Recorded = {
  [N in LetterMutation]: [N, MutationArgs<N>]
}[LetterMutation]

/** Records a change to the letter its args name. */
export function recordLetterChange(
  db: LetterheadDatabase,
  userId: string,
  [name, args]: Recorded,
  at: string,
): Promise<void> {
  return recordMutation(db, userId, name, args as never, [rowKey('letters', args.id)], at)
}
