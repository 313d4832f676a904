import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { SYNC_PATHS } from '@/domain/sync'
import { letterRow, newLetter, SyncDevice, versionsOf } from '../test-support/sync-device'
import { countRows, setupTestServer, signedUp } from '../test-support/test-server'

const server = setupTestServer()

async function device(clientId?: string) {
  const { app } = server()
  const { cookie, user } = await signedUp(app)
  return { device: new SyncDevice(app, cookie, clientId), user, cookie }
}

describe('POST /api/sync/push', () => {
  it('applies a batch once: sent again it changes nothing, and an overlapping batch applies only what is new', async () => {
    const { database } = server()
    const { device: phone } = await device()
    const letter = newLetter()
    const batch = [
      phone.mutation('letters.create', { letter }),
      phone.mutation('letters.complete', {
        id: letter.id,
        content: 'Dear Bob,',
        generator: 'built-in',
      }),
    ]
    expect(await phone.push(...batch)).toEqual({ lastMutationId: 2, refused: [] })
    const applied = await letterRow(database, letter.id)

    // The answer was lost and the device sends the same batch: a second complete would be refused.
    expect(await phone.push(...batch)).toEqual({ lastMutationId: 2, refused: [] })
    expect(await letterRow(database, letter.id)).toEqual(applied)

    const edit = phone.mutation('letters.editContent', {
      id: letter.id,
      content: 'Dear Bob, pay.',
      versionId: randomUUID(),
      baseVersion: applied?.version ?? 0,
    })
    expect(await phone.push(...batch, edit)).toEqual({ lastMutationId: 3, refused: [] })
    expect((await letterRow(database, letter.id))?.content).toBe('Dear Bob, pay.')
    expect((await versionsOf(database, letter.id)).map((v) => v.content)).toEqual(['Dear Bob,'])
  })

  it('replays in order: create, complete and edit in one batch, then more across batches', async () => {
    const { device: laptop } = await device()
    const letter = newLetter()
    const first = await laptop.push(
      laptop.mutation('letters.create', { letter }),
      laptop.mutation('letters.complete', { id: letter.id, content: 'One', generator: 'g1' }),
      laptop.mutation('letters.editContent', {
        id: letter.id,
        content: 'Two',
        versionId: randomUUID(),
        baseVersion: 0,
      }),
    )
    expect(first).toEqual({ lastMutationId: 3, refused: [] })
    const second = await laptop.push(
      laptop.mutation('letters.editContent', {
        id: letter.id,
        content: 'Three',
        versionId: randomUUID(),
        baseVersion: 0,
      }),
    )
    expect(second).toEqual({ lastMutationId: 4, refused: [] })
    const row = await laptop.letter(letter.id)
    expect(row).toMatchObject({ content: 'Three', status: 'completed', generator: 'g1' })
    // Every edit by this one device: nothing was edited elsewhere.
    expect(row?.editedElsewhereAt).toBeUndefined()
  })

  it('refuses a client id of another user with 403, and applies nothing', async () => {
    const { database } = server()
    const { device: mine } = await device()
    await mine.push(mine.mutation('settings.set', { key: 'theme', value: 'dark' }))
    const { cookie } = await device()
    const thief = new SyncDevice(server().app, cookie, mine.clientId)
    const letters = await countRows(database, 'letters')
    const response = await thief.send(SYNC_PATHS.push, {
      clientId: mine.clientId,
      schemaVersion: 1,
      mutations: [thief.mutation('letters.create', { letter: newLetter() })],
    })
    expect(response.statusCode).toBe(403)
    expect(response.json().error.code).toBe('FORBIDDEN')
    expect(await countRows(database, 'letters')).toBe(letters)
    const pulled = await thief.send(SYNC_PATHS.pull, {
      clientId: mine.clientId,
      cursor: 0,
      limit: 10,
    })
    expect(pulled.statusCode).toBe(403)
  })

  it('refuses a push whose mutation has no args with 400, and applies nothing of it', async () => {
    const { database } = server()
    const { device: mine } = await device()
    const letters = await countRows(database, 'letters')
    const response = await mine.send(SYNC_PATHS.push, {
      clientId: mine.clientId,
      schemaVersion: 1,
      mutations: [
        mine.mutation('letters.create', { letter: newLetter() }),
        { id: 99, name: 'letters.fail' },
      ],
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('INVALID_INPUT')
    expect(await countRows(database, 'letters')).toBe(letters)
  })

  it('answers for another user’s letter as if it did not exist, and leaves it alone', async () => {
    const { database } = server()
    const { device: owner } = await device()
    const letter = newLetter()
    await owner.push(
      owner.mutation('letters.create', { letter }),
      owner.mutation('letters.complete', { id: letter.id, content: 'Mine.', generator: 'g' }),
    )
    const before = await letterRow(database, letter.id)

    const { device: other } = await device()
    const answer = await other.push(
      other.mutation('letters.editContent', {
        id: letter.id,
        content: 'Stolen.',
        versionId: randomUUID(),
        baseVersion: 99,
      }),
      other.mutation('letters.create', { letter: { ...letter, matter: 'Taken over' } }),
      other.mutation('letters.fail', { id: letter.id, reason: 'no' }),
    )
    expect(answer.lastMutationId).toBe(3)
    expect(answer.refused).toEqual(
      [1, 2, 3].map((id) => ({ id, code: 'NOT_FOUND', message: 'That item does not exist.' })),
    )
    expect(await letterRow(database, letter.id)).toEqual(before)
    expect(await versionsOf(database, letter.id)).toEqual([])
    const { changes } = await other.pullAll()
    expect(JSON.stringify(changes)).not.toContain(letter.id)
  })

  it('refuses invalid args and unknown names one at a time, and applies the rest of the batch', async () => {
    const { device: phone } = await device()
    const letter = newLetter()
    const good = newLetter()
    const answer = await phone.push(
      phone.mutation('letters.create', { letter }),
      phone.raw('letters.explode', { id: letter.id }),
      phone.mutation('letters.complete', { id: letter.id, content: '   ', generator: 'g' }),
      phone.raw('letters.create', { letter: { ...newLetter(), type: 'Love Letter' } }),
      phone.raw('letters.create', { letter: newLetter({ senderName: '' }) }),
      phone.raw('settings.set', { key: 'apiKey', value: 'sk-secret' }),
      phone.mutation('letters.create', { letter: good }),
      phone.mutation('settings.set', { key: 'theme', value: 'dark' }),
    )
    expect(answer.lastMutationId).toBe(8)
    expect(answer.refused.map(({ id, code }) => [id, code])).toEqual([
      [2, 'INVALID_INPUT'],
      [3, 'INVALID_INPUT'],
      [4, 'INVALID_INPUT'],
      [5, 'INVALID_INPUT'],
      [6, 'INVALID_INPUT'],
    ])
    const messages = answer.refused.map((refusal) => refusal.message)
    expect(messages[0]).toContain('letters.explode')
    expect(messages[1]).toBe('Letter text cannot be empty')
    expect(messages[2]).toMatch(/^letter\.type: /)
    expect(messages[3]).toBe('letter.senderName: Your name is required')
    expect(messages[4]).toMatch(/^key: /)

    const { changes } = await phone.pullAll()
    const ids = changes.map((change) => change.id)
    expect(ids).toEqual(expect.arrayContaining([letter.id, good.id, 'theme']))
    expect(changes.filter((change) => change.table === 'letters')).toHaveLength(2)
    // The refused complete left the letter as it was, and said so with a new version of it.
    expect(await phone.letter(letter.id)).toMatchObject({ status: 'generating', content: '' })
  })

  it('gives a letter of the user’s that a refused mutation named a new version, so the next pull sends it again', async () => {
    const { database } = server()
    const { device: phone } = await device()
    const letter = newLetter()
    await phone.push(
      phone.mutation('letters.create', { letter }),
      phone.mutation('letters.complete', { id: letter.id, content: 'Done.', generator: 'g' }),
    )
    const { cursor } = await phone.pullAll()
    const before = await letterRow(database, letter.id)
    // Restarting a finished letter is not a move the lifecycle allows.
    const answer = await phone.push(phone.mutation('letters.restart', { id: letter.id }))
    expect(answer.refused).toEqual([
      { id: 3, code: 'INVALID_INPUT', message: 'This letter is completed, not failed.' },
    ])
    const after = await letterRow(database, letter.id)
    expect(after?.version).toBeGreaterThan(before?.version ?? Infinity)
    expect({ ...after, version: 0 }).toEqual({ ...before, version: 0 })
    const next = await phone.pull(cursor)
    expect(next.changes).toEqual([
      { table: 'letters', id: letter.id, row: expect.objectContaining({ status: 'completed' }) },
    ])
  })

  it('refuses text the database cannot store (U+0000) as that mutation’s fault, not a 500', async () => {
    const { device: phone } = await device()
    const letter = newLetter()
    const answer = await phone.push(
      phone.mutation('letters.create', { letter }),
      phone.mutation('letters.complete', { id: letter.id, content: 'a\u0000b', generator: 'g' }),
      phone.mutation('settings.set', { key: 'theme', value: { name: 'dark\u0000' } }),
      phone.mutation('letters.complete', { id: letter.id, content: 'Fine.', generator: 'g' }),
    )
    expect(answer).toEqual({
      lastMutationId: 4,
      refused: [2, 3].map((id) => ({
        id,
        code: 'INVALID_INPUT',
        message: 'Text may not contain the character U+0000 (NUL).',
      })),
    })
    expect(await phone.letter(letter.id)).toMatchObject({ content: 'Fine.' })
    // A lone surrogate is stored as U+FFFD, as a text column stores it, not refused by jsonb.
    const lone = await phone.push(
      phone.mutation('settings.set', { key: 'theme', value: 'a\udfff' }),
    )
    expect(lone.refused).toEqual([])
    const { changes } = await phone.pullAll()
    expect(changes.find((change) => change.id === 'theme')).toMatchObject({
      row: { value: 'a\ufffd' },
    })
    // In a text column too, on either database (the embedded one once refused this one with a 500).
    const named = { ...newLetter(), senderName: 'Person é\udfff' }
    expect((await phone.push(phone.mutation('letters.create', { letter: named }))).refused).toEqual(
      [],
    )
    expect(await phone.letter(named.id)).toMatchObject({ senderName: 'Person é\ufffd' })
  })

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'waits for the user’s row lock, so one user’s writes commit in version order (PostgreSQL)',
    async () => {
      const { database } = server()
      const { device: phone, user } = await device()
      await phone.push(phone.mutation('settings.set', { key: 'theme', value: 'dark' }))
      let released = false
      let doneWhileLocked: boolean | undefined
      let pushing: Promise<unknown> = Promise.resolve()
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select id from users where id = ${user.id} for no key update`)
        pushing = phone
          .push(phone.mutation('settings.set', { key: 'theme', value: 'light' }))
          .then(() => (doneWhileLocked = !released))
        await sleep(300)
      })
      released = true
      await pushing
      expect(doneWhileLocked).toBe(false)
    },
  )
})
