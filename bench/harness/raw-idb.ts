import type { AdminTotals } from '@/data/admin-repository'
import { DATABASE_NAME } from '@/data/database'
import type { LetterPage } from '@/data/repository'
import { entitlementsFrom } from '@/domain/credits'
import type { LetterInput } from '@/domain/letter-schema'
import type { SyncState } from '@/data/sync-types'
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

/** As the repository reads: the session, then the role check beside the read itself. */
async function readAsUser<T>(
  tx: IDBTransaction,
  role: Role,
  read: (userId: string) => Promise<T>,
): Promise<{ user: User; value: T }> {
  const userId = await sessionUserId(tx)
  const [user, value] = await Promise.all([checkRole(tx, userId, role), read(userId)])
  return { user, value }
}

async function readAs<T>(
  tx: IDBTransaction,
  role: Role,
  read: (userId: string) => Promise<T>,
): Promise<T> {
  return (await readAsUser(tx, role, read)).value
}

/** Resolves when the transaction has committed, as Dexie's transaction promise does. */
function committed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve()
    tx.onabort = () => reject(tx.error ?? new Error('Transaction aborted'))
    tx.onerror = () => reject(tx.error ?? new Error('Transaction failed'))
  })
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

export async function rawListMine(db: IDBDatabase, limit: number): Promise<LetterPage> {
  const tx = db.transaction(['session', 'users', 'letters'], 'readonly')
  const index = tx.objectStore('letters').index('[userId+createdAt]')
  // The total is the count the user row keeps, read by the role check.
  const { user, value: letters } = await readAsUser(tx, 'user', (userId) =>
    // Arrays sort after strings in IndexedDB, so [id, []] is past every [id, createdAt].
    lastRows<Letter>(index, IDBKeyRange.bound([userId], [userId, []]), limit),
  )
  return { letters, total: user.letterCount ?? 0 }
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

/**
 * As the repository's writes, the account's sync state is read beside the other reads and, when
 * there is one, the write also appends its mutation to the outbox and moves the state's next id:
 * the least a write that records its mutation has to do (the floor of the outbox's cost). Without
 * one (device-only mode), the read is all it costs, as it is the repository.
 */
const SYNC_STORES = ['syncState', 'outbox'] as const

type SyncRead = SyncState | undefined

function recordRaw(
  tx: IDBTransaction,
  state: SyncRead,
  name: string,
  args: unknown,
  key: string,
  at: string,
): Promise<unknown>[] {
  if (!state) return []
  const id = state.nextMutationId
  return [
    done(tx.objectStore('syncState').put({ ...state, nextMutationId: id + 1 })),
    done(
      tx.objectStore('outbox').add({
        clientId: state.clientId,
        id,
        userId: state.userId,
        name,
        args,
        keys: [key],
        createdAt: at,
      }),
    ),
  ]
}

export async function rawCreate(db: IDBDatabase, input: LetterInput, now: Date): Promise<Letter> {
  const tx = db.transaction(
    ['session', 'users', 'subscriptions', 'letters', ...SYNC_STORES],
    'readwrite',
  )
  const commit = committed(tx)
  const subscriptions = tx.objectStore('subscriptions')
  let state: SyncRead
  const { user, value: purchases } = await readAsUser(tx, 'user', async (userId) => {
    const [found, read] = await Promise.all([
      done(subscriptions.index('userId').getAll(userId)) as Promise<Subscription[]>,
      done(tx.objectStore('syncState').get(userId)) as Promise<SyncRead>,
    ])
    state = read
    return found
  })
  // The app's own rule picks the purchase, from the tallies the purchases keep.
  const used = new Map(purchases.map((purchase) => [purchase.id, purchase.lettersUsed]))
  const first = entitlementsFrom(purchases, used, now).credits[0]
  const credit = purchases.find((purchase) => purchase.id === first?.subscriptionId)
  if (!credit) throw new Error('No letters left')
  const at = now.toISOString()
  const letter = newGeneratingLetter(user.id, credit.id, input, at)
  const { id, type, senderName, senderAddress, recipientName, recipientAddress } = letter
  const { matter, resolution, generator, createdAt } = letter
  await Promise.all([
    done(tx.objectStore('letters').add(letter)),
    done(subscriptions.put({ ...credit, lettersUsed: credit.lettersUsed + 1, updatedAt: at })),
    done(
      tx
        .objectStore('users')
        .put({ ...user, letterCount: (user.letterCount ?? 0) + 1, updatedAt: at }),
    ),
    ...recordRaw(
      tx,
      state,
      'letters.create',
      {
        letter: {
          id,
          type,
          senderName,
          senderAddress,
          recipientName,
          recipientAddress,
          matter,
          resolution,
          generator,
          subscriptionId: credit.id,
          createdAt,
        },
      },
      `letters:${id}`,
      at,
    ),
  ])
  // A write counts once it has committed, as the repository reports it.
  await commit
  return letter
}

/**
 * A letter's new text, as the repository writes it: the session, then the user beside the
 * letter and the sync state; the text it replaces kept as a previous version.
 */
export async function rawEditContent(
  db: IDBDatabase,
  letterId: string,
  content: string,
  now: Date,
): Promise<void> {
  const tx = db.transaction(
    ['session', 'users', 'letters', 'letterVersions', ...SYNC_STORES],
    'readwrite',
  )
  const commit = committed(tx)
  let state: SyncRead
  const { user, value: letter } = await readAsUser(tx, 'user', async (userId) => {
    const [found, read] = await Promise.all([
      done(tx.objectStore('letters').get(letterId)) as Promise<Letter | undefined>,
      done(tx.objectStore('syncState').get(userId)) as Promise<SyncRead>,
    ])
    state = read
    return found
  })
  if (letter?.userId !== user.id) throw new Error('Not found')
  const at = now.toISOString()
  const versionId = crypto.randomUUID()
  const { type, senderName, senderAddress, recipientName, recipientAddress, matter, resolution } =
    letter
  await Promise.all([
    done(
      tx.objectStore('letterVersions').add({
        id: versionId,
        letterId,
        content: letter.content,
        answers: {
          type,
          senderName,
          senderAddress,
          recipientName,
          recipientAddress,
          matter,
          resolution,
        },
        reason: 'edited',
        createdAt: at,
        updatedAt: at,
      }),
    ),
    done(tx.objectStore('letters').put({ ...letter, content, updatedAt: at })),
    ...recordRaw(
      tx,
      state,
      'letters.editContent',
      { id: letterId, content, versionId, baseVersion: letter.version ?? 0 },
      `letters:${letterId}`,
      at,
    ),
  ])
  await commit
}
