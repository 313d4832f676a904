import { describe, expect, it } from 'vitest'
import { expectTalliesMatchRows } from '../../../tests/support/stored-tallies'
import { createTestRepository, SAMPLE_LETTER, signUpWithLetters } from '../test-support'

/** A signed-in user with one plan of `plan`, and what the tallies read right now. */
async function buyer(plan = 'annual4') {
  const context = createTestRepository()
  const user = await signUpWithLetters(context.repo, 'a@example.com', plan)
  const [purchase] = await context.db.subscriptions.toArray()
  const tallies = async () => ({
    letterCount: (await context.db.users.get(user.id))?.letterCount,
    lettersUsed: (await context.db.subscriptions.get(purchase?.id ?? ''))?.lettersUsed,
  })
  return { ...context, user, purchaseId: purchase?.id, tallies }
}

describe('stored tallies', () => {
  it('start at zero for a new user and a new purchase', async () => {
    const { tallies } = await buyer()
    expect(await tallies()).toEqual({ letterCount: 0, lettersUsed: 0 })
  })

  it('move with a new letter, in the same write', async () => {
    const { repo, db, tallies } = await buyer()
    await repo.letters.create(SAMPLE_LETTER)
    await repo.letters.create(SAMPLE_LETTER)
    expect(await tallies()).toEqual({ letterCount: 2, lettersUsed: 2 })
    await expectTalliesMatchRows(db)
  })

  it('give the credit back when a letter fails, and take it again on retry', async () => {
    const { repo, db, tallies } = await buyer()
    const letter = await repo.letters.create(SAMPLE_LETTER)
    await repo.letters.fail(letter.id, 'engine down')
    expect(await tallies()).toEqual({ letterCount: 1, lettersUsed: 0 })
    await expectTalliesMatchRows(db)
    await repo.letters.restart(letter.id)
    expect(await tallies()).toEqual({ letterCount: 1, lettersUsed: 1 })
    await expectTalliesMatchRows(db)
  })

  it('retry takes the credit from whichever purchase is spent next', async () => {
    const { repo, db } = await buyer('single')
    const failed = await repo.letters.create(SAMPLE_LETTER)
    await repo.letters.fail(failed.id, 'engine down')
    await repo.subscriptions.create({ plan: 'annual4' })
    const retried = await repo.letters.restart(failed.id)
    const annual = await db.subscriptions.get(retried.subscriptionId ?? '')
    expect(annual).toMatchObject({ plan: 'annual4', lettersUsed: 1 })
    await expectTalliesMatchRows(db)
  })

  it('do not move when a letter is finished, edited or refused', async () => {
    const { repo, db, tallies } = await buyer('single')
    const letter = await repo.letters.create(SAMPLE_LETTER)
    await repo.letters.complete(letter.id, { content: 'Dear Charles:', generator: 'built-in' })
    await repo.letters.editContent(letter.id, 'Dear Charles, edited:')
    await expect(repo.letters.create(SAMPLE_LETTER)).rejects.toMatchObject({
      code: 'NO_LETTERS_LEFT',
    })
    expect(await tallies()).toEqual({ letterCount: 1, lettersUsed: 1 })
    await expectTalliesMatchRows(db)
  })

  it('stay where they were when the letter cannot be stored', async () => {
    const { repo, db, tallies } = await buyer()
    db.letters.hook('creating', () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    })
    await expect(repo.letters.create(SAMPLE_LETTER)).rejects.toMatchObject({
      code: 'STORAGE_FULL',
    })
    expect(await tallies()).toEqual({ letterCount: 0, lettersUsed: 0 })
  })

  it('are what My Letters counts and letters left are worked out from', async () => {
    const { repo, db, user, purchaseId } = await buyer()
    await repo.letters.create(SAMPLE_LETTER)
    // Set by hand, to show the reads use the stored tallies rather than counting rows.
    await db.users.update(user.id, { letterCount: 42 })
    await db.subscriptions.update(purchaseId ?? '', { lettersUsed: 3 })
    expect(await repo.letters.countMine()).toBe(42)
    expect((await repo.letters.pageMine({ offset: 0, limit: 10 })).total).toBe(42)
    expect((await repo.subscriptions.entitlements()).lettersLeft).toBe(1)
  })
})
