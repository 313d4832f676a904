import { newId } from '@/domain/ids'
import type { Letter } from '@/domain/types'
import type { LetterheadDatabase } from '../database'
import { SESSION_KEY } from '../dexie/context'
import { queueUpload } from './sync-state'

/** Accounts kept only on this device whose letters the signed-in server account may take in. */
export type DeviceOnlyData = {
  accounts: Array<{ id: string; email: string; fullName: string; letters: number }>
}

/** Which device-only accounts an account has answered the offer for, upload or not. */
const answeredKey = (userId: string) => `deviceDataAnswered:${userId}`

async function answered(db: LetterheadDatabase, userId: string): Promise<string[]> {
  const value = (await db.settings.get(answeredKey(userId)))?.value
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []
}

/** The syncing account signed in here, or null when none is. */
async function syncingUser(db: LetterheadDatabase): Promise<string | null> {
  const session = await db.session.get(SESSION_KEY)
  if (!session || !(await db.syncState.get(session.userId))) return null
  return session.userId
}

/** Device-only accounts with letters the signed-in account has not been asked about yet. */
export async function findDeviceOnlyData(db: LetterheadDatabase): Promise<DeviceOnlyData | null> {
  const userId = await syncingUser(db)
  if (!userId) return null
  const done = new Set(await answered(db, userId))
  const local = await db.credentials.toCollection().primaryKeys()
  const accounts: DeviceOnlyData['accounts'] = []
  for (const id of local) {
    if (id === userId || done.has(id)) continue
    const user = await db.users.get(id)
    const letters = await db.letters.where('userId').equals(id).count()
    if (user && letters > 0)
      accounts.push({ id, email: user.email, fullName: user.fullName, letters })
  }
  return accounts.length > 0 ? { accounts } : null
}

const deviceDataTables = (db: LetterheadDatabase) => [
  db.session,
  db.users,
  db.credentials,
  db.letters,
  db.letterVersions,
  db.settings,
  db.syncState,
  db.outbox,
]

/**
 * Copies the device-only accounts' letters, with their previous versions,
 * into the signed-in account and queues their upload. The copies are new
 * rows: the device-only accounts keep theirs, since nothing on the device is
 * deleted without the person's say. Answers how many letters were copied.
 */
export function uploadDeviceOnlyData(db: LetterheadDatabase, at: string): Promise<number> {
  return db.transaction('rw', deviceDataTables(db), async () => {
    const found = await findDeviceOnlyData(db)
    const userId = await syncingUser(db)
    if (!found || !userId) return 0
    let copied = 0
    for (const account of found.accounts) {
      const letters = await db.letters.where('userId').equals(account.id).sortBy('createdAt')
      for (const original of letters) {
        const letter: Letter = { ...original, id: newId(), userId, subscriptionId: undefined }
        delete letter.version
        delete letter.syncIssue
        const versions = (
          await db.letterVersions.where('letterId').equals(original.id).toArray()
        ).map((version) => ({ ...version, id: newId(), letterId: letter.id }))
        await Promise.all([db.letters.add(letter), db.letterVersions.bulkAdd(versions)])
        await queueUpload(db, userId, letter, versions, at)
        copied += 1
      }
    }
    const owner = await db.users.get(userId)
    if (owner) await db.users.put({ ...owner, letterCount: (owner.letterCount ?? 0) + copied })
    await markAnswered(db, userId, found)
    return copied
  })
}

/** The person chose to keep the device-only letters apart: do not ask again. */
export function keepDeviceOnlyDataApart(db: LetterheadDatabase): Promise<void> {
  return db.transaction('rw', deviceDataTables(db), async () => {
    const found = await findDeviceOnlyData(db)
    const userId = await syncingUser(db)
    if (found && userId) await markAnswered(db, userId, found)
  })
}

async function markAnswered(db: LetterheadDatabase, userId: string, found: DeviceOnlyData) {
  const done = await answered(db, userId)
  const ids = [...new Set([...done, ...found.accounts.map((account) => account.id)])]
  await db.settings.put({ key: answeredKey(userId), value: ids })
}
