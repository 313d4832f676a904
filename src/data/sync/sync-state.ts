import { SYNC_SCHEMA_VERSION } from '@/domain/api'
import { newId } from '@/domain/ids'
import type { Letter, LetterVersion } from '@/domain/types'
import type { LetterheadDatabase } from '../database'
import { readSyncState, recordMutation, rowKey } from '../dexie/outbox'
import type { SyncState } from '../sync-types'
import { uploadOf } from './letter-rows'

/** The tables `startSyncing` writes; a caller's transaction must hold them. */
export const startSyncingTables = (db: LetterheadDatabase) => [
  db.syncState,
  db.outbox,
  db.letters,
  db.letterVersions,
]

/**
 * Starts syncing `userId`'s data on this device, once: draws the client id
 * and, for letters this device wrote for the account before it synced,
 * queues their upload, so the account gets them too. Run it inside a
 * transaction over `startSyncingTables`.
 */
export async function startSyncing(
  db: LetterheadDatabase,
  userId: string,
  at: string,
): Promise<SyncState> {
  const existing = await db.syncState.get(userId)
  if (existing) return existing
  const state: SyncState = {
    userId,
    clientId: newId(),
    cursor: 0,
    schemaVersion: SYNC_SCHEMA_VERSION,
    nextMutationId: 1,
    downloaded: false,
  }
  await db.syncState.add(state)
  const letters = await db.letters.where('userId').equals(userId).sortBy('createdAt')
  for (const letter of letters) {
    if (letter.version !== undefined) continue
    const versions = await db.letterVersions.where('letterId').equals(letter.id).toArray()
    await queueUpload(db, userId, letter, versions, at)
  }
  return (await db.syncState.get(userId)) ?? state
}

/**
 * The state to pull from: one whose cursor an older schema pulled starts
 * again from 0, as the older pulls left out what this schema syncs (schema 2:
 * purchases and commissions, decision 025; schema 3: letters' guided answers
 * and reply tracking, decision 030). Rows already here are kept; pulled
 * again, they are written over with the same versions.
 */
export async function pullFrom(db: LetterheadDatabase, state: SyncState): Promise<SyncState> {
  if (state.schemaVersion === SYNC_SCHEMA_VERSION) return state
  const again = { ...state, cursor: 0, schemaVersion: SYNC_SCHEMA_VERSION }
  await db.syncState.put(again)
  return again
}

/** Queues a letter the account does not have yet, with its previous versions, for upload. */
export function queueUpload(
  db: LetterheadDatabase,
  userId: string,
  letter: Letter,
  versions: readonly LetterVersion[],
  at: string,
): Promise<void> {
  const args = uploadOf(letter, versions)
  // Read afresh for each letter, as each upload moves the next mutation id. Chained on Dexie's
  // promise rather than awaited: a caller's transaction scope need not be an async function.
  return readSyncState(db, userId).then((state) =>
    recordMutation(db, state, 'letters.upload', args, [rowKey('letters', letter.id)], at),
  )
}
