import { describe, expect, it } from 'vitest'
import { letterRow, newLetter, SyncDevice } from '../test-support/sync-device'
import { countRows, setupTestServer, signedUp } from '../test-support/test-server'

/** A run of creates goes in one transaction, with the rules of one create at a time. */

const server = setupTestServer()

async function device() {
  const { app } = server()
  const { cookie, user } = await signedUp(app)
  return { device: new SyncDevice(app, cookie), user }
}

describe('a run of letters.create in one push', () => {
  it('creates the new letters, refuses the bad ones alone, and takes again what it already has', async () => {
    const { database } = server()
    const { device: mine, user } = await device()
    const { device: theirs } = await device()
    const taken = newLetter()
    await theirs.push(theirs.mutation('letters.create', { letter: taken }))
    const already = newLetter()
    await mine.push(mine.mutation('letters.create', { letter: already }))
    const before = await countRows(database, 'letters')

    const fresh = [newLetter(), newLetter(), newLetter()]
    const answer = await mine.push(
      mine.mutation('letters.create', { letter: fresh[0] ?? newLetter() }),
      mine.raw('letters.create', { letter: { ...newLetter(), senderName: '' } }),
      mine.mutation('letters.create', { letter: taken }),
      mine.mutation('letters.create', { letter: already }),
      mine.mutation('letters.create', { letter: fresh[1] ?? newLetter() }),
      mine.mutation('letters.create', { letter: fresh[2] ?? newLetter() }),
    )
    expect(answer.lastMutationId).toBe(7)
    expect(answer.refused.map(({ id, code }) => [id, code])).toEqual([
      [3, 'INVALID_INPUT'],
      [4, 'NOT_FOUND'],
    ])
    expect(answer.refused[0]?.message).toMatch(/senderName/)
    expect(await countRows(database, 'letters')).toBe(before + 3)
    for (const letter of fresh) {
      expect(await letterRow(database, letter.id)).toMatchObject({
        owner_id: user.id,
        status: 'generating',
        content: '',
      })
    }
    // The other user's letter is as it was.
    expect((await letterRow(database, taken.id))?.owner_id).not.toBe(user.id)
    // Sent again, nothing changes.
    const again = await mine.push(
      mine.mutation('letters.create', { letter: newLetter() }),
      mine.mutation('letters.create', { letter: newLetter() }),
    )
    expect(again.lastMutationId).toBe(9)
    expect(await countRows(database, 'letters')).toBe(before + 5)
  })

  it('falls back to one create at a time when the database refuses one of them', async () => {
    const { database } = server()
    const { device: mine } = await device()
    const good = newLetter()
    const answer = await mine.push(
      mine.mutation('letters.create', { letter: good }),
      mine.mutation('letters.create', { letter: newLetter({ matter: 'Nul \u0000 inside' }) }),
      mine.mutation('letters.create', { letter: newLetter() }),
    )
    expect(answer.lastMutationId).toBe(3)
    expect(answer.refused.map(({ id, code }) => [id, code])).toEqual([[2, 'INVALID_INPUT']])
    expect(await letterRow(database, good.id)).toBeDefined()
  })
})
