// Before anything that loads Dexie, which takes IndexedDB as it finds it when loaded.
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { SAMPLE_LETTER } from '@/data/test-support'
import { setupTestServer } from '../../server/test-support/test-server'
import { serverDevice, signIn, signUpWithLetters } from './support/device'

/** Letters' guided answers and reply tracking between two devices of one account (decision 030). */

const server = setupTestServer()

const DETAILS = {
  reference: 'INV-1843',
  replyWithinDays: 10,
  demand: { amountCents: 240_000, currency: 'GBP' as const },
}

async function twoDevices() {
  const a = serverDevice(server().app, 'A')
  const b = serverDevice(server().app, 'B')
  const { email } = await signUpWithLetters(a)
  await signIn(b, email)
  return { a, b }
}

describe('a letter’s answers and reply tracking on two devices', () => {
  it('written on A reach B, and where the reply stands follows from B back to A', async () => {
    const { a, b } = await twoDevices()
    const created = await a.repo.letters.create({ ...SAMPLE_LETTER, details: DETAILS })
    const letter = await a.repo.letters.complete(created.id, {
      content: 'Dear Mr Babbage,',
      generator: 'built-in',
    })
    expect(letter.replyBy).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/))
    await a.sync()
    await b.sync()
    expect(await b.repo.letters.get(letter.id)).toMatchObject({
      details: DETAILS,
      replyBy: letter.replyBy,
    })

    await b.repo.letters.setReplyState(letter.id, 'received')
    await b.sync()
    await a.sync()
    expect((await a.repo.letters.get(letter.id)).replyState).toBe('received')
    expect(await a.repo.sync.pendingChanges()).toBe(0)
    expect(await b.repo.sync.pendingChanges()).toBe(0)
  })

  it('changed on B, reach A with the new day, and a restore on A brings the first ones back to B', async () => {
    const { a, b } = await twoDevices()
    const created = await a.repo.letters.create({ ...SAMPLE_LETTER, details: DETAILS })
    const first = await a.repo.letters.complete(created.id, {
      content: 'First text.',
      generator: 'built-in',
    })
    await a.sync()
    await b.sync()
    // Two days later, B writes it again with a shorter deadline.
    b.clockOffsetMs.value = 2 * 86_400_000
    const changed = await b.repo.letters.replaceAnswers(
      first.id,
      { ...SAMPLE_LETTER, details: { replyWithinDays: 3 } },
      { content: 'Second text.', generator: 'built-in' },
    )
    expect(changed.replyBy).not.toBe(first.replyBy)
    await b.sync()
    await a.sync()
    expect(await a.repo.letters.get(first.id)).toMatchObject({
      content: 'Second text.',
      details: { replyWithinDays: 3 },
      replyBy: changed.replyBy,
    })

    const [previous] = await a.repo.letters.listVersions(first.id)
    expect(previous).toMatchObject({ content: 'First text.', replyBy: first.replyBy })
    await a.repo.letters.restoreVersion(first.id, previous?.id ?? '')
    await a.sync()
    await b.sync()
    expect(await b.repo.letters.get(first.id)).toMatchObject({
      content: 'First text.',
      details: DETAILS,
      replyBy: first.replyBy,
    })
  })

  it('reach a device that had pulled before letters carried them, once it moves to schema 3', async () => {
    const { a, b } = await twoDevices()
    const created = await a.repo.letters.create({ ...SAMPLE_LETTER, details: DETAILS })
    await a.repo.letters.complete(created.id, { content: 'Text.', generator: 'built-in' })
    await a.sync()
    await b.sync()
    // B as a schema 2 device left it: the letter without its answers, the cursor past it.
    const user = await b.repo.auth.currentUser()
    const state = await b.db.syncState.get(user?.id ?? '')
    if (!state) throw new Error('B does not sync')
    await b.db.syncState.put({ ...state, schemaVersion: 2 })
    const pulled = await b.db.letters.get(created.id)
    if (!pulled) throw new Error('B does not have the letter')
    const { details: _d, replyBy: _r, ...before } = pulled
    await b.db.letters.put(before)

    await b.sync()
    expect(await b.repo.letters.get(created.id)).toMatchObject({
      details: DETAILS,
      replyBy: created.replyBy,
    })
  })
})
