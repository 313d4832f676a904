import { describe, expect, it } from 'vitest'
import type { Mutation } from '@/domain/sync'
import { letterRow, newLetter, SyncDevice } from '../test-support/sync-device'
import { countRows, setupTestServer, signedUp } from '../test-support/test-server'
import { applyCreateRun, createRunEnd } from './create-batch'

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

const TEXT = 'Dear Bob,\n\nPlease pay the invoice.\n\nAda'

describe('letters written offline: each create and then its complete', () => {
  const at = (id: number, name: string, args: unknown): Mutation => ({ id, name, args })
  const create = (id: number, letterId: string) =>
    at(id, 'letters.create', { letter: newLetter({ id: letterId }) })
  const complete = (id: number, letterId: string) =>
    at(id, 'letters.complete', { id: letterId, content: TEXT, generator: 'built-in' })

  it('are one run, which ends at anything but the completion of a letter the run created', () => {
    const [a, b, c] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()]
    const edit = at(9, 'letters.editContent', { id: a })
    expect(
      createRunEnd([create(1, a), complete(2, a), create(3, b), complete(4, b), edit], 0),
    ).toBe(4)
    // A completion of a letter from before the run, a second completion, a letter never created here.
    expect(createRunEnd([create(1, a), complete(2, c), create(3, b)], 0)).toBe(1)
    expect(createRunEnd([create(1, a), complete(2, a), complete(3, a)], 0)).toBe(2)
    expect(createRunEnd([complete(1, a), create(2, a)], 0)).toBe(0)
    expect(createRunEnd([edit, create(1, a), create(2, b), edit], 1)).toBe(3)
  })

  /** The same mutations for two accounts: one pushes them at once, the other one at a time. */
  function offlineWork(device: SyncDevice, taken: string) {
    const [fine, emptyText, invalid, twice, late] = [1, 2, 3, 4, 5].map(() =>
      crypto.randomUUID(),
    ) as [string, string, string, string, string]
    const completion = (id: string, content = TEXT) =>
      device.mutation('letters.complete', { id, content, generator: 'built-in' })
    const mutations = [
      device.mutation('letters.create', { letter: newLetter({ id: fine }) }),
      completion(fine),
      device.mutation('letters.create', { letter: newLetter({ id: emptyText }) }),
      completion(emptyText, '   '),
      device.raw('letters.create', { letter: { ...newLetter({ id: invalid }), senderName: '' } }),
      completion(invalid),
      device.mutation('letters.create', { letter: newLetter({ id: taken }) }),
      completion(taken),
      device.mutation('letters.create', { letter: newLetter({ id: twice }) }),
      completion(twice),
      completion(twice),
      device.mutation('letters.create', { letter: newLetter({ id: late }) }),
      device.mutation('letters.fail', { id: late, reason: 'The writing stopped.' }),
    ]
    return { mutations, letters: [fine, emptyText, invalid, twice, late] as string[] }
  }

  it('end as they would one mutation at a time, refusals and all', async () => {
    const { database } = server()
    const { device: other } = await device()
    const taken = newLetter()
    await other.push(other.mutation('letters.create', { letter: taken }))

    const outcomes = []
    for (const oneByOne of [false, true]) {
      const { device: mine } = await device()
      const work = offlineWork(mine, taken.id)
      const refused = []
      if (oneByOne) {
        for (const mutation of work.mutations) refused.push(...(await mine.push(mutation)).refused)
      } else refused.push(...(await mine.push(...work.mutations)).refused)
      const rows = await Promise.all(work.letters.map((id) => letterRow(database, id)))
      outcomes.push({
        refused: refused.map(({ id, code, message }) => [id, code, message]),
        rows: rows.map(
          (row) =>
            row && {
              status: row.status,
              content: row.content,
              mine: row.content_client_id === mine.clientId,
            },
        ),
      })
    }
    expect(outcomes[0]).toEqual(outcomes[1])
    expect(outcomes[0]?.refused.map(([id, code]) => [id, code])).toEqual([
      [4, 'INVALID_INPUT'],
      [5, 'INVALID_INPUT'],
      [6, 'NOT_FOUND'],
      [7, 'NOT_FOUND'],
      [8, 'NOT_FOUND'],
      [11, 'INVALID_INPUT'],
    ])
    expect(outcomes[0]?.rows).toEqual([
      { status: 'completed', content: TEXT, mine: true },
      { status: 'generating', content: '', mine: false },
      undefined,
      { status: 'completed', content: TEXT, mine: true },
      { status: 'failed', content: '', mine: false },
    ])
    expect((await letterRow(database, taken.id))?.status).toBe('generating')
  })

  it('go in one statement, unless a completion names a letter that was there before', async () => {
    const { database } = server()
    const { user } = await device()
    const context = { userId: user.id, clientId: crypto.randomUUID(), now: new Date() }
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()]
    const run = [create(1, a), complete(2, a), create(3, b), complete(4, b)]
    const outcome = await database.db.transaction((tx) =>
      applyCreateRun(tx, context, run, 'savepoint'),
    )
    expect(outcome).toEqual({ changed: true, refused: [] })
    expect((await letterRow(database, b))?.status).toBe('completed')

    // The letter is there already: the run is left to be replayed, and nothing of it is written.
    const c = crypto.randomUUID()
    const again = [create(5, c), create(6, a), complete(7, a)]
    expect(
      await database.db.transaction((tx) => applyCreateRun(tx, context, again, 'savepoint')),
    ).toBeNull()
    expect(await letterRow(database, c)).toBeUndefined()
  })
})
