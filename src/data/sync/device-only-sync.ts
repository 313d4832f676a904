import type { LetterheadDatabase } from '../database'
import type { SyncRepository } from '../repository'
import { SYNC_OFF } from './sync-status'

/** Device-only mode: nothing leaves the device, so nothing syncs and nothing waits. */
export function deviceOnlySync(db: LetterheadDatabase): SyncRepository {
  return {
    start: () => Promise.resolve(),
    status: () => SYNC_OFF,
    onStatus: () => () => undefined,
    onRefused: () => () => undefined,
    syncNow: () => Promise.resolve(),
    flushOutbox: () => Promise.resolve(true),
    pendingChanges: () => Promise.resolve(0),
    deviceOnlyData: () => Promise.resolve(null),
    uploadDeviceOnlyData: () => Promise.resolve({ letters: 0 }),
    keepDeviceOnlyDataApart: () => Promise.resolve(),
    dismissIssue: (letterId) => dismissIssue(db, letterId),
  }
}

/** Clears the refusal marked on a letter; the letter itself stays as it is. */
export async function dismissIssue(db: LetterheadDatabase, letterId: string): Promise<void> {
  await db.transaction('rw', db.letters, async () => {
    const letter = await db.letters.get(letterId)
    if (!letter?.syncIssue) return
    const { syncIssue: _read, ...rest } = letter
    await db.letters.put(rest)
  })
}
