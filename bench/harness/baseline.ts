import type { AdminTotals } from '@/data/admin-repository'
import type { LetterPage } from '@/data/repository'
import type { LetterInput } from '@/domain/letter-schema'
import type { Letter, Subscription, User } from '@/domain/types'
import type { BaselineFit } from '../shared/harness-api'
import { newGeneratingLetter } from './new-letter'

/**
 * The seed's storage: each collection one JSON array in localStorage, read
 * whole and written back whole on every change. It does the same checks the
 * repository does (who is asking, letters left), the way the seed would.
 */
const KEYS = {
  users: 'baseline.users',
  letters: 'baseline.letters',
  subscriptions: 'baseline.subscriptions',
  currentUser: 'baseline.currentUser',
} as const

export type BaselineRows = { users: User[]; letters: Letter[]; subscriptions: Subscription[] }

type StringStore = Pick<Storage, 'getItem' | 'setItem'>

/** The same strings, kept in memory, once localStorage refuses them. */
function memoryStore(): StringStore {
  const strings = new Map<string, string>()
  return {
    getItem: (key) => strings.get(key) ?? null,
    setItem: (key, value) => void strings.set(key, value),
  }
}

let store: StringStore = localStorage

function read<T>(key: string): T[] {
  return JSON.parse(store.getItem(key) ?? '[]') as T[]
}

function currentUser(role: User['role']): User {
  const id = store.getItem(KEYS.currentUser)
  const user = read<User>(KEYS.users).find((candidate) => candidate.id === id)
  if (user?.role !== role) throw new Error('Not signed in as ' + role)
  return user
}

const COLLECTIONS = ['users', 'letters', 'subscriptions'] as const

/**
 * Stores the data set in localStorage. When it is over the quota, the same
 * JSON is kept in memory instead, so the baseline still has a figure: one
 * that leaves out the cost of writing to storage, and so flatters it.
 */
export function writeBaseline(rows: BaselineRows): { fit: BaselineFit; chars: number } {
  const json = COLLECTIONS.map((key) => JSON.stringify(rows[key]))
  const chars = json.reduce((sum, text) => sum + text.length, 0)
  const put = (target: StringStore) =>
    COLLECTIONS.forEach((key, index) => target.setItem(KEYS[key], json[index] ?? '[]'))
  localStorage.clear()
  try {
    store = localStorage
    put(store)
    return { fit: 'fits', chars }
  } catch {
    localStorage.clear()
    store = memoryStore()
    put(store)
    return { fit: 'over-quota', chars }
  }
}

/**
 * The most characters localStorage takes for this origin (key and value together), found by
 * halving: one key whose value grows until the browser refuses it. Leaves localStorage empty.
 */
export function localStorageQuota(): number {
  localStorage.clear()
  let fits = 1
  let refused = 64 * 1024 * 1024
  while (refused - fits > 1) {
    const size = Math.floor((fits + refused) / 2)
    try {
      localStorage.setItem('q', 'x'.repeat(size - 1))
      fits = size
    } catch {
      refused = size
    } finally {
      localStorage.clear()
    }
  }
  return fits
}

export function baselineSignIn(userId: string): void {
  store.setItem(KEYS.currentUser, userId)
}

export function clearBaseline(): void {
  localStorage.clear()
  store = localStorage
}

/** Newest first, ties by id the way an index orders them. */
function newestFirst(a: Letter, b: Letter): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0
}

export const baseline = {
  create(input: LetterInput, now: Date): Letter {
    const user = currentUser('user')
    const subscriptions = read<Subscription>(KEYS.subscriptions).filter(
      (subscription) => subscription.userId === user.id,
    )
    const letters = read<Letter>(KEYS.letters)
    const used = new Map<string, number>()
    for (const letter of letters)
      if (letter.subscriptionId)
        used.set(letter.subscriptionId, (used.get(letter.subscriptionId) ?? 0) + 1)
    const at = now.toISOString()
    const credit = subscriptions.find(
      (subscription) =>
        (subscription.expiresAt === null || subscription.expiresAt > at) &&
        subscription.letters > (used.get(subscription.id) ?? 0),
    )
    if (!credit) throw new Error('No letters left')
    const letter = newGeneratingLetter(user.id, credit.id, input, at)
    letters.push(letter)
    store.setItem(KEYS.letters, JSON.stringify(letters))
    return letter
  },

  listMine(limit: number): LetterPage {
    const user = currentUser('user')
    const mine = read<Letter>(KEYS.letters)
      .filter((letter) => letter.userId === user.id)
      .sort(newestFirst)
    return { letters: mine.slice(0, limit), total: mine.length }
  },

  totals(): AdminTotals {
    currentUser('admin')
    const users = read<User>(KEYS.users)
    const revenueCents = read<Subscription>(KEYS.subscriptions).reduce(
      (sum, subscription) => sum + subscription.priceCents,
      0,
    )
    return {
      users: users.filter((user) => user.role === 'user').length,
      employees: users.filter((user) => user.role === 'employee').length,
      letters: read<Letter>(KEYS.letters).length,
      revenueCents,
    }
  },
}
