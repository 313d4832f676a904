import { describe, expect, it, vi } from 'vitest'
import type { Letter } from '@/domain/types'
import { createTestRepository, SAMPLE_LETTER, signUpWithLetters } from '../test-support'
import { applyPulledPage, PUT_CHUNK } from './apply-pull'
import { startSyncing, startSyncingTables } from './sync-state'
import { pulledLetter, pulledPage } from './test-pages'

/** A signed-in account that syncs on this device. */
async function syncingAccount() {
  const test = createTestRepository()
  const user = await signUpWithLetters(test.repo, `pull-${Date.now()}@example.com`)
  const { db } = test
  const state = await db.transaction('rw', startSyncingTables(db), () =>
    startSyncing(db, user.id, test.now().toISOString()),
  )
  return { ...test, user, state }
}

describe('applying a pulled page', () => {
  it('puts its letters a chunk at a time, each chunk after the last one is stored', async () => {
    const { db, user, state, repo } = await syncingAccount()
    const changes = Array.from({ length: 2 * PUT_CHUNK + 50 }, (_, index) =>
      pulledLetter(user.id, index + 1),
    )
    const put = db.letters.bulkPut.bind(db.letters)
    const sizes: number[] = []
    let storing = 0
    let mostAtOnce = 0
    vi.spyOn(db.letters, 'bulkPut').mockImplementation((async (letters: readonly Letter[]) => {
      sizes.push(letters.length)
      mostAtOnce = Math.max(mostAtOnce, ++storing)
      try {
        return await put(letters)
      } finally {
        storing -= 1
      }
    }) as never)

    expect(await applyPulledPage(db, state, pulledPage(changes))).toEqual({ letters: 250 })
    expect(sizes).toEqual([PUT_CHUNK, PUT_CHUNK, 50])
    expect(mostAtOnce).toBe(1)
    expect(await repo.letters.countMine()).toBe(250)
    expect(await db.letters.where('userId').equals(user.id).count()).toBe(250)
    expect((await db.syncState.get(user.id))?.cursor).toBe(250)
  })

  it('keeps newer and pending letters, and counts only letters that came or went', async () => {
    const { db, user, state, repo } = await syncingAccount()
    const newer = pulledLetter(user.id, 300, { matter: 'Newer here' })
    const leaving = pulledLetter(user.id, 301)
    expect(await applyPulledPage(db, state, pulledPage([newer, leaving]))).toEqual({ letters: 2 })
    // Written here and not pushed yet: its mutation waits in the outbox.
    const pending = await repo.letters.create({ ...SAMPLE_LETTER, matter: 'Pending here' })
    expect(await repo.letters.countMine()).toBe(3)

    const arriving = Array.from({ length: PUT_CHUNK + 1 }, (_, index) =>
      pulledLetter(user.id, index + 1),
    )
    const page = pulledPage([
      ...arriving,
      pulledLetter(user.id, 5, { id: newer.id, matter: 'Older, from a late page' }),
      pulledLetter(user.id, 6, { id: pending.id, matter: 'The server, before my change' }),
      { table: 'letters', id: leaving.id, deleted: true },
    ])
    expect(await applyPulledPage(db, state, page)).toEqual({ letters: PUT_CHUNK + 4 })

    expect((await db.letters.get(newer.id))?.matter).toBe('Newer here')
    expect((await db.letters.get(pending.id))?.matter).toBe('Pending here')
    expect(await db.letters.get(leaving.id)).toBeUndefined()
    // Three before, 101 new, one gone.
    expect(await repo.letters.countMine()).toBe(3 + PUT_CHUNK + 1 - 1)
    expect((await db.syncState.get(user.id))?.cursor).toBe(301)
  })

  it('stores letters’ guided answers and reply tracking, and a later row without them clears them', async () => {
    const { db, user, state } = await syncingAccount()
    const details = { reference: 'INV-1843', demand: { amountCents: 240_000 } }
    const tracked = pulledLetter(user.id, 1, {
      details,
      replyBy: '2026-12-22',
      replyState: 'received',
    })
    const version = {
      id: crypto.randomUUID(),
      letterId: tracked.id,
      content: 'Earlier text',
      answers: { ...SAMPLE_LETTER, type: 'Demand Letter' as const, details },
      replyBy: '2026-12-20',
      reason: 'regenerated' as const,
      createdAt: '2026-11-22T12:00:00.000Z',
      updatedAt: '2026-11-22T12:00:00.000Z',
    }
    const versionChange = { table: 'letterVersions' as const, id: version.id, row: version }
    await applyPulledPage(db, state, pulledPage([tracked, versionChange]))
    expect(await db.letters.get(tracked.id)).toMatchObject({
      details,
      replyBy: '2026-12-22',
      replyState: 'received',
    })
    expect(await db.letterVersions.get(version.id)).toEqual(version)

    const changed = pulledLetter(user.id, 2, { id: tracked.id, type: 'Corporate Document' })
    await applyPulledPage(db, state, pulledPage([changed]))
    const stored = await db.letters.get(tracked.id)
    expect(stored?.type).toBe('Corporate Document')
    expect(stored).not.toHaveProperty('details')
    expect(stored).not.toHaveProperty('replyBy')
    expect(stored).not.toHaveProperty('replyState')
  })

  it('applies nothing for a sync state that is gone', async () => {
    const { db, user, state } = await syncingAccount()
    await db.syncState.delete(user.id)
    expect(await applyPulledPage(db, state, pulledPage([pulledLetter(user.id, 1)]))).toBeNull()
    expect(await db.letters.count()).toBe(0)
  })
})
