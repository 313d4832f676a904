import { Dexie } from 'dexie'
import type { MutationArgs, MutationName } from '@/domain/sync'
import type { LetterheadDatabase } from '../database'
import type { SyncState } from '../sync-types'

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
 * The account's sync state, or undefined when it does not sync on this device
 * (device-only mode). A write starts this read beside its own first reads (the
 * session, the user) and hands the answer to `recordMutation`: read there, after
 * the write's other reads, it would cost every local write one more round trip.
 * One read serves one mutation: it carries the next mutation id.
 */
export const readSyncState = (
  db: LetterheadDatabase,
  userId: string,
): Promise<SyncState | undefined> => db.syncState.get(userId)

/**
 * Appends a mutation to the outbox of the account whose sync `state` the
 * caller read in the same transaction (`readSyncState`), so the rows and the
 * mutation are written together or not at all, and the next mutation id moves
 * in that transaction too. Without a sync state (device-only mode) nothing is
 * recorded.
 */
export async function recordMutation<N extends MutationName>(
  db: LetterheadDatabase,
  state: SyncState | undefined,
  name: N,
  args: MutationArgs<N>,
  keys: string[],
  at: string,
): Promise<void> {
  if (!state) return
  const id = state.nextMutationId
  announceOnCommit(db)
  await Promise.all([
    db.syncState.put({ ...state, nextMutationId: id + 1 }),
    db.outbox.add({
      clientId: state.clientId,
      id,
      userId: state.userId,
      name,
      args,
      keys,
      createdAt: at,
    }),
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
  state: SyncState | undefined,
  [name, args]: Recorded,
  at: string,
): Promise<void> {
  return recordMutation(db, state, name, args as never, [rowKey('letters', args.id)], at)
}
