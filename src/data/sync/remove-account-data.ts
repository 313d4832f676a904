import type { LetterheadDatabase } from '../database'
import { releaseAccountDrafts } from '../dexie/draft-hold'
import { SYNCED_SETTING_KEYS } from '@/domain/sync'

/**
 * Removes an account's synced data from this device: its letters and their
 * previous versions, its settings, its outbox and sync state, its form drafts and its copy of
 * the account. The account keeps all of it on the server. Purchases stay:
 * until money lives on the server they exist only on the device that made them.
 */
export async function removeAccountData(db: LetterheadDatabase, userId: string): Promise<void> {
  const tables = [
    db.letters,
    db.letterVersions,
    db.settings,
    db.outbox,
    db.syncState,
    db.drafts,
    db.users,
  ]
  await db.transaction('rw', tables, async () => {
    const letterIds = await db.letters.where('userId').equals(userId).primaryKeys()
    const state = await db.syncState.get(userId)
    await Promise.all([
      db.letterVersions.where('letterId').anyOf(letterIds).delete(),
      db.letters.bulkDelete(letterIds),
      db.settings.bulkDelete([...SYNCED_SETTING_KEYS]),
      state ? db.outbox.where('clientId').equals(state.clientId).delete() : undefined,
      db.syncState.delete(userId),
      db.drafts.where('userId').equals(userId).delete(),
      db.users.delete(userId),
    ])
  })
  releaseAccountDrafts(userId)
}
