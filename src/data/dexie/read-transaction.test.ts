import { Dexie, liveQuery } from 'dexie'
import { describe, expect, it } from 'vitest'
import { createTestRepository } from '../test-support'
import { readTransaction } from './context'

const setting = (key: string, value: unknown) => ({ key, value })

describe('readTransaction', () => {
  it('answers once the reads are in, before the transaction completes', async () => {
    const { db } = createTestRepository()
    await db.settings.put(setting('theme', 'dark'))
    let completed = false
    const value = await readTransaction(db, [db.settings], async () => {
      Dexie.currentTransaction.on('complete', () => (completed = true))
      return db.settings.get('theme')
    })
    expect(value).toEqual(setting('theme', 'dark'))
    expect(completed).toBe(false)
  })

  it('leaves the caller free to start its next transaction at once', async () => {
    const { db } = createTestRepository()
    await readTransaction(db, [db.settings], () => db.settings.get('theme'))
    // Handed over inside the finished transaction's zone, this write would be taken for part of it.
    await db.transaction('rw', [db.settings], () => db.settings.put(setting('theme', 'light')))
    await expect(db.settings.get('theme')).resolves.toEqual(setting('theme', 'light'))
  })

  it('rejects with what the read threw', async () => {
    const { db } = createTestRepository()
    const refusal = new Error('refused')
    await expect(readTransaction(db, [db.settings], () => Promise.reject(refusal))).rejects.toBe(
      refusal,
    )
  })

  it('keeps a live query live: a later write runs it again', async () => {
    const { db } = createTestRepository()
    const seen: unknown[] = []
    const subscription = liveQuery(() =>
      readTransaction(db, [db.settings], () => db.settings.get('theme')),
    ).subscribe((value) => seen.push(value?.value))
    await expect.poll(() => seen).toEqual([undefined])
    await db.settings.put(setting('theme', 'dark'))
    await expect.poll(() => seen).toEqual([undefined, 'dark'])
    subscription.unsubscribe()
  })
})
