import { describe, expect, it } from 'vitest'
import type { LetterInput } from '@/domain/letter-schema'
import { NO_REPLY_ASKED } from '@/domain/stored-details'
import { createTestRepository, SAMPLE_LETTER, signUpWithLetters } from '../test-support'
import { startSyncing, startSyncingTables } from '../sync/sync-state'

/** Letters' guided answers and reply tracking on the device (decision 030). */

const DAY = 86_400_000
const DONE = { content: 'Dear Mr Babbage,', generator: 'built-in' }

/** A demand letter's answers: the type's own section, and one of another type a form left behind. */
const DEMAND = {
  ...SAMPLE_LETTER,
  details: {
    reference: 'INV-1843',
    replyWithinDays: 14,
    demand: { amountCents: 240_000, currency: 'GBP' as const },
    cease: { conduct: 'Left over from another type.' },
  },
}

/** The test clock starts at noon on November 22, 2026, a day in every time zone's calendar. */
async function account(email = `details-${crypto.randomUUID()}@example.com`) {
  const test = createTestRepository()
  const user = await signUpWithLetters(test.repo, email)
  return { ...test, user }
}

async function syncingAccount() {
  const test = await account()
  const { db } = test
  const state = await db.transaction('rw', startSyncingTables(db), () =>
    startSyncing(db, test.user.id, test.now().toISOString()),
  )
  return { ...test, state }
}

async function writtenLetter(
  test: Awaited<ReturnType<typeof account>>,
  input: LetterInput = DEMAND,
) {
  const letter = await test.repo.letters.create(input)
  return test.repo.letters.complete(letter.id, DONE)
}

describe('a letter’s guided answers', () => {
  it('are stored with the letter, its own type’s only, and give it a reply-by day', async () => {
    const { repo } = await account()
    const letter = await repo.letters.create(DEMAND)
    expect(letter.details).toEqual({
      reference: 'INV-1843',
      replyWithinDays: 14,
      demand: { amountCents: 240_000, currency: 'GBP' },
    })
    expect(letter.replyBy).toBe('2026-12-06')
    expect(await repo.letters.get(letter.id)).toEqual(letter)
  })

  it('are left out when nothing was answered; an asking type still gets the 30 days', async () => {
    const { repo } = await account()
    const plain = await repo.letters.create({ ...SAMPLE_LETTER, details: { demand: {} } })
    expect('details' in plain).toBe(false)
    expect(plain.replyBy).toBe('2026-12-22')
  })

  it('give no reply-by day, and no reply machinery, to a type that asks nothing back', async () => {
    const { repo } = await account()
    const letter = await repo.letters.create({
      ...SAMPLE_LETTER,
      type: 'Recommendation Letter',
      details: { replyWithinDays: 10, recommendation: { candidateName: 'Grace Hopper' } },
    })
    expect(letter.details).toEqual({ recommendation: { candidateName: 'Grace Hopper' } })
    expect('replyBy' in letter).toBe(false)
  })

  it('are refused with a clear message when one is not valid, and nothing is written', async () => {
    const { repo } = await account()
    await expect(
      repo.letters.create({ ...SAMPLE_LETTER, details: { replyWithinDays: 0 } }),
    ).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'Reply Within (days) must be at least 1 day',
    })
    expect(await repo.letters.countMine()).toBe(0)
  })
})

describe('changing a letter’s answers', () => {
  it('stores the new answers and counts the reply-by day from the day the new text is written', async () => {
    const test = await account()
    const letter = await writtenLetter(test)
    test.advance(5 * DAY)
    const changed = await test.repo.letters.replaceAnswers(
      letter.id,
      { ...SAMPLE_LETTER, details: { replyWithinDays: 7, demand: { amountCents: 99_900 } } },
      { content: 'Dear Mr Babbage, again.', generator: 'built-in' },
    )
    expect(changed.details).toEqual({ replyWithinDays: 7, demand: { amountCents: 99_900 } })
    expect(changed.replyBy).toBe('2026-12-04')
    const [previous] = await test.repo.letters.listVersions(letter.id)
    expect(previous?.answers.details).toEqual(letter.details)
    expect(previous?.replyBy).toBe('2026-12-06')
  })

  it('clears the answers and the tracking when the new answers leave them out', async () => {
    const test = await account()
    const letter = await writtenLetter(test)
    await test.repo.letters.setReplyState(letter.id, 'received')
    const changed = await test.repo.letters.replaceAnswers(
      letter.id,
      { ...SAMPLE_LETTER, type: 'Corporate Document' },
      DONE,
    )
    expect(changed).toMatchObject({ type: 'Corporate Document' })
    expect(changed.details).toBeUndefined()
    expect(changed.replyBy).toBeUndefined()
    expect(changed.replyState).toBeUndefined()
  })

  it('keeps where the reply stands while the type still asks for one', async () => {
    const test = await account()
    const letter = await writtenLetter(test)
    await test.repo.letters.setReplyState(letter.id, 'received')
    const changed = await test.repo.letters.replaceAnswers(letter.id, SAMPLE_LETTER, DONE)
    expect(changed.replyState).toBe('received')
    expect(changed.replyBy).toBe('2026-12-22')
  })

  it('restoring a previous version brings back its answers and the day its text states', async () => {
    const test = await account()
    const letter = await writtenLetter(test)
    test.advance(3 * DAY)
    await test.repo.letters.replaceAnswers(letter.id, SAMPLE_LETTER, {
      content: 'Second text.',
      generator: 'built-in',
    })
    const [first] = await test.repo.letters.listVersions(letter.id)
    test.advance(3 * DAY)
    const restored = await test.repo.letters.restoreVersion(letter.id, first?.id ?? '')
    expect(restored).toMatchObject({
      content: DONE.content,
      details: letter.details,
      replyBy: '2026-12-06',
    })
    const [second] = await test.repo.letters.listVersions(letter.id)
    expect(second).toMatchObject({ content: 'Second text.', replyBy: '2026-12-25' })
    expect(second?.answers.details).toBeUndefined()
  })
})

describe('tracking the reply', () => {
  it('records where the reply stands, the last one recorded winning', async () => {
    const test = await account()
    const letter = await writtenLetter(test)
    test.advance(1000)
    const received = await test.repo.letters.setReplyState(letter.id, 'received')
    expect(received.replyState).toBe('received')
    expect(received.updatedAt).toBe(test.now().toISOString())
    await test.repo.letters.setReplyState(letter.id, 'resolved')
    expect((await test.repo.letters.get(letter.id)).replyState).toBe('resolved')
  })

  it('is refused for a type that asks nothing back, and for a state that is not one', async () => {
    const test = await account()
    const letter = await writtenLetter(test, { ...SAMPLE_LETTER, type: 'Recommendation Letter' })
    await expect(test.repo.letters.setReplyState(letter.id, 'received')).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: NO_REPLY_ASKED,
    })
    const demand = await writtenLetter(test)
    await expect(
      test.repo.letters.setReplyState(demand.id, 'ignored' as never),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT' })
    expect((await test.repo.letters.get(letter.id)).replyState).toBeUndefined()
    expect((await test.repo.letters.get(demand.id)).replyState).toBeUndefined()
  })

  it('is refused, as not found, for someone else’s letter', async () => {
    const test = await account()
    const letter = await writtenLetter(test)
    await signUpWithLetters(test.repo, `other-${crypto.randomUUID()}@example.com`)
    await expect(test.repo.letters.setReplyState(letter.id, 'received')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
    expect((await test.db.letters.get(letter.id))?.replyState).toBeUndefined()
  })
})

describe('the mutations recorded for the server', () => {
  it('carry the stored answers and the reply-by day, and where the reply stands', async () => {
    const test = await syncingAccount()
    const letter = await writtenLetter(test)
    test.advance(2 * DAY)
    await test.repo.letters.replaceAnswers(
      letter.id,
      { ...SAMPLE_LETTER, details: { replyWithinDays: 3 } },
      DONE,
    )
    await test.repo.letters.setReplyState(letter.id, 'received')
    // Refused on the device: nothing is recorded for it.
    const other = await writtenLetter(test, { ...SAMPLE_LETTER, type: 'Corporate Document' })
    await expect(test.repo.letters.setReplyState(other.id, 'resolved')).rejects.toThrow()

    const entries = await test.db.outbox.toArray()
    expect(entries.map((entry) => entry.name)).toEqual([
      'letters.create',
      'letters.complete',
      'letters.replaceAnswers',
      'letters.setReplyState',
      'letters.create',
      'letters.complete',
    ])
    const { details } = letter
    expect(entries[0]?.args).toMatchObject({ letter: { details, replyBy: '2026-12-06' } })
    expect(JSON.stringify(entries[0]?.args)).not.toContain('Left over from another type')
    expect(entries[2]?.args).toMatchObject({
      input: { details: { replyWithinDays: 3 } },
      replyBy: '2026-11-27',
    })
    expect(entries[3]?.args).toEqual({ id: letter.id, state: 'received' })
    expect(entries[4]?.args).not.toHaveProperty('letter.replyBy')
  })
})
