import { describe, expect, it } from 'vitest'
import { createTestRepository, SAMPLE_LETTER, signUpWithLetters } from '@/data/test-support'
import {
  failInterruptedLetters,
  holdingWritingLock,
  INTERRUPTED_GRACE_MS,
  INTERRUPTED_REASON,
  INTERRUPTED_WITHOUT_LOCKS_MS,
} from './interrupted-letters'

/** An in-memory stand-in for the browser's Web Locks, shared by the "tabs" of one test. */
function fakeLocks() {
  const held = new Set<string>()
  const locks = {
    request: async (name: string, work: () => Promise<unknown>) => {
      held.add(name)
      try {
        return await work()
      } finally {
        held.delete(name)
      }
    },
    query: () => Promise.resolve({ held: [...held].map((name) => ({ name, mode: 'exclusive' })) }),
  }
  return locks as unknown as Pick<LockManager, 'request' | 'query'>
}

async function userWithGeneratingLetter() {
  const context = createTestRepository()
  await signUpWithLetters(context.repo, 'ada@example.com', 'annual4')
  const letter = await context.repo.letters.create(SAMPLE_LETTER)
  return { ...context, letter }
}

const later = (now: () => Date, ms: number) => new Date(now().getTime() + ms)

describe('failInterruptedLetters', () => {
  it('fails a letter nobody is writing any more and returns its credit', async () => {
    const { repo, letter, now } = await userWithGeneratingLetter()
    expect((await repo.subscriptions.entitlements()).lettersLeft).toBe(3)
    const count = await failInterruptedLetters(
      repo,
      later(now, INTERRUPTED_GRACE_MS + 1),
      fakeLocks(),
    )
    expect(count).toBe(1)
    expect(await repo.letters.get(letter.id)).toMatchObject({
      status: 'failed',
      error: INTERRUPTED_REASON,
    })
    expect((await repo.subscriptions.entitlements()).lettersLeft).toBe(4)
  })

  it('leaves a letter another tab is still writing', async () => {
    const { repo, letter, now } = await userWithGeneratingLetter()
    const locks = fakeLocks()
    let count = -1
    await holdingWritingLock(
      letter.id,
      async () => {
        count = await failInterruptedLetters(repo, later(now, 60 * 60_000), locks)
      },
      locks,
    )
    expect(count).toBe(0)
    expect((await repo.letters.get(letter.id)).status).toBe('generating')
  })

  it('leaves a letter saved a moment ago, whose writing may not have started', async () => {
    const { repo, letter, now } = await userWithGeneratingLetter()
    await expect(
      failInterruptedLetters(repo, later(now, INTERRUPTED_GRACE_MS - 1), fakeLocks()),
    ).resolves.toBe(0)
    expect((await repo.letters.get(letter.id)).status).toBe('generating')
  })

  it('without Web Locks, waits until no writing could still be going on', async () => {
    const { repo, letter, now } = await userWithGeneratingLetter()
    await expect(
      failInterruptedLetters(repo, later(now, INTERRUPTED_WITHOUT_LOCKS_MS - 1), undefined),
    ).resolves.toBe(0)
    await expect(
      failInterruptedLetters(repo, later(now, INTERRUPTED_WITHOUT_LOCKS_MS + 1), undefined),
    ).resolves.toBe(1)
    expect((await repo.letters.get(letter.id)).status).toBe('failed')
  })

  it('gives a letter written on another device, whose lock it cannot see, the long wait', async () => {
    const { repo, db, letter, now } = await userWithGeneratingLetter()
    // As a pull leaves a letter another device created.
    await db.letters.update(letter.id, { fromAnotherDevice: true })
    const locks = fakeLocks()
    await expect(
      failInterruptedLetters(repo, later(now, INTERRUPTED_WITHOUT_LOCKS_MS - 1), locks),
    ).resolves.toBe(0)
    await expect(
      failInterruptedLetters(repo, later(now, INTERRUPTED_WITHOUT_LOCKS_MS + 1), locks),
    ).resolves.toBe(1)
  })

  it('leaves finished letters and other people’s letters alone', async () => {
    const { repo, letter, now } = await userWithGeneratingLetter()
    await repo.letters.complete(letter.id, { content: 'Done.', generator: 'built-in' })
    await repo.auth.signOut()
    await signUpWithLetters(repo, 'grace@example.com')
    await expect(repo.letters.listGeneratingMine()).resolves.toEqual([])
    await expect(failInterruptedLetters(repo, later(now, 60 * 60_000), fakeLocks())).resolves.toBe(
      0,
    )
  })
})

describe('listGeneratingMine', () => {
  it('lists only the signed-in user’s letters still being written, oldest first', async () => {
    const { repo, letter, advance } = await userWithGeneratingLetter()
    advance(1000)
    const second = await repo.letters.create(SAMPLE_LETTER)
    advance(1000)
    const done = await repo.letters.create(SAMPLE_LETTER)
    await repo.letters.complete(done.id, { content: 'Done.', generator: 'built-in' })
    const listed = await repo.letters.listGeneratingMine()
    expect(listed.map((item) => item.id)).toEqual([letter.id, second.id])
  })
})
