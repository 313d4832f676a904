import type { KeyValueStore } from './browser-storage'
import { openDatabase } from './database'
import { createDexieRepository, type DexieRepositoryOptions } from './dexie-repository'
import type { Repository } from './repository'

let counter = 0

/** A repository on a fresh fake-indexeddb database, with a clock the test moves. */
export function createTestRepository(
  start = new Date('2026-11-22T12:00:00Z'),
  options: Omit<DexieRepositoryOptions, 'db' | 'clock'> = {},
) {
  let now = start
  const db = openDatabase(`letterhead-test-${Date.now()}-${counter++}`)
  const repo: Repository = createDexieRepository({ ...options, db, clock: () => now })
  return {
    repo,
    db,
    advance(ms: number) {
      now = new Date(now.getTime() + ms)
    },
    now: () => now,
  }
}

export const SAMPLE_LETTER = {
  type: 'Demand Letter',
  senderName: 'Ada Lovelace',
  senderAddress: '12 St James Square, London',
  recipientName: 'Charles Babbage',
  recipientAddress: '1 Dorset Street, London',
  matter: 'Unpaid invoice #1843',
  resolution: 'Pay the outstanding balance of $2,400.',
} as const

/** A signed-in user who has bought letters, so they may write. */
export async function signUpWithLetters(repo: Repository, email: string, plan = 'annual8') {
  const user = await repo.auth.signUp({
    fullName: 'Someone',
    email,
    password: 'password123',
    role: 'user',
  })
  await repo.subscriptions.create({ plan })
  return user
}

/** `repository`, except that every settings write fails with `error`. */
export function withFailingSettingsWrites(repository: Repository, error: Error): Repository {
  return { ...repository, settings: { ...repository.settings, set: () => Promise.reject(error) } }
}

/** For tests: `localStorage` in memory. */
export function memoryStore(): KeyValueStore & { items: Map<string, string> } {
  const items = new Map<string, string>()
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  }
}
