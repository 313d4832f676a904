import type { AdminTotals } from '@/data/admin-repository'
import { DATABASE_NAME } from '@/data/database'
import type { LetterPage } from '@/data/repository'
import type { LetterInput } from '@/domain/letter-schema'
import type { Letter, Role, Session, Subscription, User } from '@/domain/types'
import { newGeneratingLetter } from './new-letter'

/**
 * The same reads and writes as the repository, on the same database and
 * indexes, in plain IndexedDB: no Dexie, no validation library.
 */
function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'))
  })
}

export function openRaw(): Promise<IDBDatabase> {
  return done(indexedDB.open(DATABASE_NAME))
}

async function sessionUserId(tx: IDBTransaction): Promise<string> {
  const session = (await done(tx.objectStore('session').get('current'))) as Session | undefined
  if (!session) throw new Error('Not signed in')
  return session.userId
}

async function checkRole(tx: IDBTransaction, userId: string, role: Role): Promise<User> {
  const user = (await done(tx.objectStore('users').get(userId))) as User | undefined
  if (user?.role !== role) throw new Error('Not signed in as ' + role)
  return user
}

async function signedIn(tx: IDBTransaction, role: Role): Promise<User> {
  return checkRole(tx, await sessionUserId(tx), role)
}

/** As the repository reads: the session, then the role check beside the read itself. */
async function readAs<T>(
  tx: IDBTransaction,
  role: Role,
  read: (userId: string) => Promise<T>,
): Promise<T> {
  const userId = await sessionUserId(tx)
  const [, result] = await Promise.all([checkRole(tx, userId, role), read(userId)])
  return result
}

type GetAllOptions = { query: IDBKeyRange; count: number; direction: IDBCursorDirection }

/**
 * The first `limit` rows of an index range, newest first: in one request
 * where the browser takes getAll options (IndexedDB 3.0, as Dexie uses
 * them), else by cursor.
 */
function lastRows<T>(index: IDBIndex, query: IDBKeyRange, limit: number): Promise<T[]> {
  if ('getAllRecords' in index) {
    const getAll = index.getAll.bind(index) as unknown as (options: GetAllOptions) => IDBRequest
    return done(getAll({ query, count: limit, direction: 'prev' })) as Promise<T[]>
  }
  return firstRows(index.openCursor(query, 'prev'), limit)
}

/** The first `limit` rows of a cursor walk. */
function firstRows<T>(request: IDBRequest<IDBCursorWithValue | null>, limit: number): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const rows: T[] = []
    request.onerror = () => reject(request.error ?? new Error('Cursor failed'))
    request.onsuccess = () => {
      const cursor = request.result
      if (!cursor || rows.length >= limit) return resolve(rows)
      rows.push(cursor.value as T)
      cursor.continue()
    }
  })
}

export function rawListMine(db: IDBDatabase, limit: number): Promise<LetterPage> {
  const tx = db.transaction(['session', 'users', 'letters'], 'readonly')
  const index = tx.objectStore('letters').index('[userId+createdAt]')
  return readAs(tx, 'user', async (userId) => {
    // Arrays sort after strings in IndexedDB, so [id, []] is past every [id, createdAt].
    const range = IDBKeyRange.bound([userId], [userId, []])
    const [letters, total] = await Promise.all([
      lastRows<Letter>(index, range, limit),
      done(index.count(range)),
    ])
    return { letters, total }
  })
}

export function rawTotals(db: IDBDatabase): Promise<AdminTotals> {
  const tx = db.transaction(['session', 'users', 'letters', 'subscriptions'], 'readonly')
  return readAs(tx, 'admin', async () => {
    const roles = tx.objectStore('users').index('role')
    const [users, employees, letters, subscriptions] = await Promise.all([
      done(roles.count('user')),
      done(roles.count('employee')),
      done(tx.objectStore('letters').count()),
      done(tx.objectStore('subscriptions').getAll()) as Promise<Subscription[]>,
    ])
    const revenueCents = subscriptions.reduce(
      (sum, subscription) => sum + subscription.priceCents,
      0,
    )
    return { users, employees, letters, revenueCents }
  })
}

export async function rawCreate(db: IDBDatabase, input: LetterInput, now: Date): Promise<Letter> {
  const tx = db.transaction(['session', 'users', 'subscriptions', 'letters'], 'readwrite')
  const user = await signedIn(tx, 'user')
  const letters = tx.objectStore('letters')
  const subscriptions = (await done(
    tx.objectStore('subscriptions').index('userId').getAll(user.id),
  )) as Subscription[]
  const at = now.toISOString()
  // Every active purchase is counted, as the repository counts them to show letters left.
  const active = subscriptions.filter(
    (subscription) => subscription.expiresAt === null || subscription.expiresAt > at,
  )
  const used = await Promise.all(
    active.map((subscription) => done(letters.index('subscriptionId').count(subscription.id))),
  )
  const credit = active.find((subscription, index) => subscription.letters > (used[index] ?? 0))
  if (!credit) throw new Error('No letters left')
  const letter = newGeneratingLetter(user.id, credit.id, input, at)
  await done(letters.add(letter))
  return letter
}
