import { describe, expect, it } from 'vitest'
import { SYNC_SCHEMA_VERSION } from '@/domain/api'
import { LETTER_DETAILS_SCHEMA_VERSION, mutationArgsSchemas } from '@/domain/sync'
import { createTestRepository, SAMPLE_LETTER, signUpWithLetters } from '../test-support'
import { uploadOf } from './letter-rows'
import { pullFrom, startSyncing, startSyncingTables } from './sync-state'

async function syncingAccount() {
  const test = createTestRepository()
  const user = await signUpWithLetters(test.repo, `state-${crypto.randomUUID()}@example.com`)
  const { db } = test
  const state = await db.transaction('rw', startSyncingTables(db), () =>
    startSyncing(db, user.id, test.now().toISOString()),
  )
  return { ...test, user, state }
}

describe('where a pull starts', () => {
  it('is from 0 once for a device whose cursor was pulled before letters carried their answers', async () => {
    expect(SYNC_SCHEMA_VERSION).toBeGreaterThanOrEqual(LETTER_DETAILS_SCHEMA_VERSION)
    const { db, state } = await syncingAccount()
    const pulledBefore = { ...state, cursor: 420, schemaVersion: 2, downloaded: true }
    await db.syncState.put(pulledBefore)
    const again = await pullFrom(db, pulledBefore)
    expect(again).toEqual({ ...pulledBefore, cursor: 0, schemaVersion: SYNC_SCHEMA_VERSION })
    expect(await db.syncState.get(state.userId)).toEqual(again)
    // Once moved, the cursor is kept.
    const later = { ...again, cursor: 500 }
    await db.syncState.put(later)
    expect(await pullFrom(db, later)).toEqual(later)
  })
})

describe('a letter written before the account synced', () => {
  it('is uploaded with its answers, its reply tracking and its versions’ reply-by days', async () => {
    const { repo, db } = createTestRepository()
    await signUpWithLetters(repo, `upload-${crypto.randomUUID()}@example.com`)
    const details = { reference: 'INV-1843', replyWithinDays: 10 }
    const created = await repo.letters.create({ ...SAMPLE_LETTER, details })
    const letter = await repo.letters.complete(created.id, { content: 'First', generator: 'g' })
    await repo.letters.editContent(letter.id, 'Second')
    const tracked = await repo.letters.setReplyState(letter.id, 'resolved')
    const versions = await db.letterVersions.toArray()

    const args = uploadOf(tracked, versions)
    // The server reads it with the same schema.
    expect(mutationArgsSchemas['letters.upload'].parse(args)).toEqual(args)
    const { letter: uploaded, versions: sent } = args
    expect(uploaded).toMatchObject({
      details,
      replyBy: '2026-12-02',
      replyState: 'resolved',
      content: 'Second',
    })
    expect(sent).toEqual([
      expect.objectContaining({
        content: 'First',
        replyBy: '2026-12-02',
        answers: expect.objectContaining({ details }),
      }),
    ])
  })
})
