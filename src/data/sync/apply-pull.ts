import type { Change, PullResponse } from '@/domain/sync'
import type { Letter, User } from '@/domain/types'
import type { LetterheadDatabase, Setting } from '../database'
import { rowKey } from '../dexie/outbox'
import type { SyncState } from '../sync-types'
import { localLetter, localVersion } from './letter-rows'
import { applyCommissions, applySubscriptions, moveTalliesFor } from './money-rows'
import { withDeviceSecrets } from './synced-settings'

type Counted = { letters: number }

/**
 * Letters put per request. A page holds up to 1,000 letters, and one `bulkPut`
 * of them all clones every row in one main-thread task: up to 116 ms in the
 * bench's raw floor, against none over 50 ms when put 100 at a time, each after
 * the previous one's answer, at about the same total time (docs/performance.md,
 * "Sync").
 */
export const PUT_CHUNK = 100

/**
 * Applies one pulled page in one Dexie transaction: the server's rows, except
 * those with mutations still waiting in the outbox (they keep their local
 * state until the server has seen them), the owner's letter count, the new
 * cursor, and the outbox entries the server has now applied. Answers how many
 * letters the page brought, or null when the sync state it was pulled for is
 * gone (nothing is applied then).
 */
export function applyPulledPage(
  db: LetterheadDatabase,
  state: SyncState,
  page: PullResponse,
): Promise<Counted | null> {
  const tables = [
    db.letters,
    db.letterVersions,
    db.settings,
    db.users,
    db.subscriptions,
    db.commissions,
    db.outbox,
    db.syncState,
  ]
  return db.transaction('rw', tables, async () => {
    const current = await db.syncState.get(state.userId)
    // Signed out and removed meanwhile, or started over: this page is for a state that is gone.
    if (current?.clientId !== state.clientId) return null
    await db.outbox
      .where('[clientId+id]')
      .between([state.clientId, 0], [state.clientId, page.lastMutationId], true, true)
      .delete()
    const pending = new Set(
      (await db.outbox.where('clientId').equals(state.clientId).toArray()).flatMap((e) => e.keys),
    )
    const changes = page.changes.filter((change) => !pending.has(keyOf(change)))
    // Purchases first: a letter that arrives with one then moves its tally.
    await applySubscriptions(db, changes)
    await Promise.all([
      applyLetters(db, state.userId, changes),
      applyVersions(db, changes),
      applyCommissions(db, changes),
      applySettings(db, changes),
      db.syncState.put({ ...current, cursor: Math.max(current.cursor, page.cursor) }),
    ])
    return { letters: page.changes.filter((change) => change.table === 'letters').length }
  })
}

/** The key a pending mutation would hold the row by; money rows never have one. */
function keyOf(change: Change): string {
  if (change.table === 'letters' || change.table === 'settings') {
    return rowKey(change.table, change.id)
  }
  return `${change.table}:${change.id}`
}

/**
 * Writes the letters and moves the owner's count by those that came or went,
 * and the purchases' tallies by the credits they took or gave back.
 */
async function applyLetters(db: LetterheadDatabase, userId: string, changes: readonly Change[]) {
  const letters = changes.filter((change) => change.table === 'letters')
  if (letters.length === 0) return
  const existing = await db.letters.bulkGet(letters.map((change) => change.id))
  const puts: Letter[] = []
  const deletes: string[] = []
  const moves: Array<{ before: Letter | undefined; after: Letter | undefined }> = []
  let net = 0
  letters.forEach((change, index) => {
    const before = existing[index]
    if ('row' in change && change.table === 'letters') {
      // A page that arrives late (a retried or repeated answer) never takes a row back in time.
      if (before?.version !== undefined && before.version > change.row.version) return
      const after = localLetter(change.row, before)
      puts.push(after)
      moves.push({ before, after })
      if (!before) net += 1
    } else if (before) {
      deletes.push(change.id)
      moves.push({ before, after: undefined })
      if (before.userId === userId) net -= 1
    }
  })
  await Promise.all([
    putInChunks(db, puts),
    db.letters.bulkDelete(deletes),
    net === 0 ? undefined : moveLetterCount(db, userId, net),
    moveTalliesFor(db, moves),
  ])
}

/** Puts `letters` `PUT_CHUNK` at a time, in the caller's transaction, one chunk after another. */
async function putInChunks(db: LetterheadDatabase, letters: readonly Letter[]) {
  for (let start = 0; start < letters.length; start += PUT_CHUNK) {
    // Awaited one by one: chunks sent together would be cloned in one task all the same.
    await db.letters.bulkPut(letters.slice(start, start + PUT_CHUNK))
  }
}

async function moveLetterCount(db: LetterheadDatabase, userId: string, by: number) {
  const owner: User | undefined = await db.users.get(userId)
  if (!owner) return
  await db.users.put({ ...owner, letterCount: Math.max(0, (owner.letterCount ?? 0) + by) })
}

async function applyVersions(db: LetterheadDatabase, changes: readonly Change[]) {
  const puts = []
  const deletes = []
  for (const change of changes) {
    if (change.table !== 'letterVersions') continue
    if ('row' in change && change.table === 'letterVersions') puts.push(localVersion(change.row))
    else deletes.push(change.id)
  }
  await Promise.all([db.letterVersions.bulkPut(puts), db.letterVersions.bulkDelete(deletes)])
}

async function applySettings(db: LetterheadDatabase, changes: readonly Change[]) {
  for (const change of changes) {
    if (change.table !== 'settings') continue
    if (!('row' in change && change.table === 'settings')) {
      await db.settings.delete(change.id)
      continue
    }
    const local: Setting | undefined = await db.settings.get(change.row.key)
    if (local?.version !== undefined && local.version > change.row.version) continue
    const value = withDeviceSecrets(change.row.key, change.row.value, local?.value)
    await db.settings.put({ key: change.row.key, value, version: change.row.version })
  }
}
