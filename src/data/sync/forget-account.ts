import { letterheadSettingKey } from '@/domain/settings'
import type { LetterheadDatabase } from '../database'
import { endSessionOf } from '../dexie/server-session'
import { removeAccountData } from './remove-account-data'

/**
 * The server deleted `userId`'s account (decision 035): its session ends on
 * this device, and everything of it goes from here too, the copies of its
 * purchases and commissions and its letterhead with the rest; the server
 * keeps the money rows, anonymised, and nothing else.
 */
export async function forgetDeletedAccount(db: LetterheadDatabase, userId: string): Promise<void> {
  await endSessionOf(db, userId)
  await removeAccountData(db, userId)
  await db.transaction('rw', [db.subscriptions, db.commissions, db.settings], async () => {
    await db.subscriptions.where('userId').equals(userId).delete()
    await db.commissions.where('employeeId').equals(userId).delete()
    await db.settings.delete(letterheadSettingKey(userId))
  })
}
