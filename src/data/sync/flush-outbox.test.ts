import { describe, expect, it, vi } from 'vitest'
import { SAMPLE_LETTER, createTestRepository, signUpWithLetters } from '../test-support'
import { flushOutbox } from './flush-outbox'
import { startSyncing, startSyncingTables } from './sync-state'

/** A signed-in account that syncs, as after signing in to the server, with one letter written. */
async function syncingWithALetter() {
  const test = createTestRepository()
  const user = await signUpWithLetters(test.repo, 'ada@example.com')
  const { db } = test
  const state = await db.transaction('rw', startSyncingTables(db), () =>
    startSyncing(db, user.id, test.now().toISOString()),
  )
  const letter = await test.repo.letters.create(SAMPLE_LETTER)
  const waiting = await db.outbox.where('clientId').equals(state.clientId).toArray()
  expect(waiting.map((entry) => entry.name)).toContain('letters.create')
  return { ...test, state, letter }
}

describe('flushOutbox', () => {
  it('answers true at once when nothing waits, without pushing', async () => {
    const { db } = createTestRepository()
    const syncNow = vi.fn(() => Promise.resolve())
    await expect(flushOutbox(db, syncNow)).resolves.toBe(true)
    expect(syncNow).not.toHaveBeenCalled()
  })

  it('pushes, and answers true once the server has acknowledged what waited', async () => {
    const { db } = await syncingWithALetter()
    // As a push does: acknowledged mutations leave the outbox.
    const syncNow = vi.fn(async () => void (await db.outbox.clear()))
    await expect(flushOutbox(db, syncNow)).resolves.toBe(true)
    expect(syncNow).toHaveBeenCalledTimes(1)
  })

  it('waits for a push another tab makes', async () => {
    const { db } = await syncingWithALetter()
    // This tab does not hold the sync lock: asking only passes the word on.
    const syncNow = vi.fn(() => {
      setTimeout(() => void db.outbox.clear(), 100)
      return Promise.resolve()
    })
    await expect(flushOutbox(db, syncNow, 5_000)).resolves.toBe(true)
  })

  it('does not wait for changes made after it was asked', async () => {
    const { db, repo, state } = await syncingWithALetter()
    const before = await db.outbox.where('clientId').equals(state.clientId).primaryKeys()
    const syncNow = vi.fn(async () => {
      await repo.letters.create({ ...SAMPLE_LETTER, matter: 'A second letter' })
      await db.outbox.bulkDelete(before)
    })
    await expect(flushOutbox(db, syncNow)).resolves.toBe(true)
    expect(await db.outbox.count()).toBeGreaterThan(0)
  })

  it('answers false when what waited is still waiting after the wait', async () => {
    const { db } = await syncingWithALetter()
    const syncNow = vi.fn(() => Promise.reject(new Error('offline')))
    await expect(flushOutbox(db, syncNow, 100)).resolves.toBe(false)
    expect(await db.outbox.count()).toBeGreaterThan(0)
  })
})
