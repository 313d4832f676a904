import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { GENERATION_ERROR_MAX } from '@/domain/letter-schema'
import { SYNC_SCHEMA_VERSION } from '@/domain/api'
import { SYNC_PATHS } from '@/domain/sync'
import { letterRow, newLetter, SyncDevice, versionsOf } from '../test-support/sync-device'
import { post, setupTestServer, signedUp } from '../test-support/test-server'

const server = setupTestServer()

async function device() {
  const { app } = server()
  const { cookie, user } = await signedUp(app)
  return { device: new SyncDevice(app, cookie), user, cookie }
}

describe('the lifecycle on the server', () => {
  it('accepts complete after fail, ignores fail of a letter with an outcome, and restarts only a failed one', async () => {
    const { app, database } = server()
    const { cookie } = await signedUp(app)
    const phone = new SyncDevice(app, cookie)
    const laptop = new SyncDevice(app, cookie)
    const letter = newLetter({ subscriptionId: 'sub-1' })
    await laptop.push(laptop.mutation('letters.create', { letter }))

    // The phone gave up on a letter the laptop was still writing; the laptop's text still wins.
    const reason = 'x'.repeat(GENERATION_ERROR_MAX + 100)
    expect(
      (await phone.push(phone.mutation('letters.fail', { id: letter.id, reason }))).refused,
    ).toEqual([])
    expect(await phone.letter(letter.id)).toMatchObject({
      status: 'failed',
      error: 'x'.repeat(GENERATION_ERROR_MAX),
    })
    expect((await phone.letter(letter.id))?.subscriptionId).toBeUndefined()
    const complete = laptop.mutation('letters.complete', {
      id: letter.id,
      content: 'Written after all.',
      generator: 'g',
    })
    expect((await laptop.push(complete)).refused).toEqual([])
    const done = await laptop.letter(letter.id)
    expect(done).toMatchObject({ status: 'completed', content: 'Written after all.' })
    expect(done?.error).toBeUndefined()

    const before = await letterRow(database, letter.id)
    const lateFail = await phone.push(
      phone.mutation('letters.fail', { id: letter.id, reason: 'timeout' }),
    )
    expect(lateFail).toEqual({ lastMutationId: 2, refused: [] })
    expect(await letterRow(database, letter.id)).toEqual(before)

    const restart = await phone.push(phone.mutation('letters.restart', { id: letter.id }))
    expect(restart.refused.map((refusal) => refusal.message)).toEqual([
      'This letter is completed, not failed.',
    ])
    const again = await laptop.push(
      laptop.mutation('letters.complete', { id: letter.id, content: 'Twice.', generator: 'g' }),
    )
    expect(again.refused.map((refusal) => refusal.message)).toEqual([
      'This letter is completed already.',
    ])
  })

  it('restarts a failed letter with the credit the device chose', async () => {
    const { app } = server()
    const { cookie } = await signedUp(app)
    const phone = new SyncDevice(app, cookie)
    const letter = newLetter({ subscriptionId: 'sub-1' })
    await phone.push(
      phone.mutation('letters.create', { letter }),
      phone.mutation('letters.fail', { id: letter.id, reason: 'offline' }),
      phone.mutation('letters.restart', { id: letter.id, subscriptionId: 'sub-2' }),
    )
    const row = await phone.letter(letter.id)
    expect(row).toMatchObject({ status: 'generating', subscriptionId: 'sub-2' })
    expect(row?.error).toBeUndefined()
  })
})

describe('the other mutations', () => {
  it('takes a letter created or uploaded again by its owner as already done', async () => {
    const { database } = server()
    const { device: phone } = await device()
    const letter = newLetter()
    await phone.push(phone.mutation('letters.create', { letter }))
    const before = await letterRow(database, letter.id)
    const { device: tablet } = await device()
    // Another device of someone else reusing the id is refused; the owner's second device is not.
    const again = new SyncDevice(server().app, phone.cookie)
    const answer = await again.push(
      again.mutation('letters.create', { letter: { ...letter, matter: 'Changed' } }),
    )
    expect(answer.refused).toEqual([])
    expect(await letterRow(database, letter.id)).toEqual(before)
    const stranger = await tablet.push(tablet.mutation('letters.create', { letter }))
    expect(stranger.refused.map((refusal) => refusal.code)).toEqual(['NOT_FOUND'])
  })

  it('uploads a letter written before this device synced, with its previous versions', async () => {
    const { database } = server()
    const { device: phone, user } = await device()
    const { generator, subscriptionId: _none, ...fields } = newLetter()
    const versionId = randomUUID()
    const { id, createdAt, ...answers } = fields
    const versions = [
      {
        id: versionId,
        letterId: id,
        content: 'First text.',
        answers,
        reason: 'edited' as const,
        createdAt,
        updatedAt: createdAt,
      },
    ]
    const upload = phone.mutation('letters.upload', {
      letter: {
        ...fields,
        content: 'Second text.',
        status: 'completed',
        generator,
        subscriptionId: 'sub-1',
        updatedAt: createdAt,
      },
      versions,
    })
    expect(await phone.push(upload)).toEqual({ lastMutationId: 1, refused: [] })
    expect(await phone.letter(id)).toMatchObject({
      userId: user.id,
      content: 'Second text.',
      subscriptionId: 'sub-1',
      createdAt,
    })
    expect((await versionsOf(database, id)).map((v) => v.id)).toEqual([versionId])
    // The same upload from a second device of the owner is already done.
    const again = new SyncDevice(server().app, phone.cookie)
    expect(
      (await again.push(again.mutation('letters.upload', upload.args as never))).refused,
    ).toEqual([])
  })

  it('keeps settings per key, last write wins, never stores an AI key, and removes with a tombstone', async () => {
    const { device: phone } = await device()
    const engine = {
      kind: 'openai-compatible',
      baseUrl: 'https://ai.example',
      model: 'm',
      apiKey: 'sk-1',
    }
    await phone.push(
      phone.mutation('settings.set', { key: 'theme', value: 'light' }),
      phone.mutation('settings.set', { key: 'theme', value: 'dark' }),
      phone.mutation('settings.set', { key: 'letterEngine', value: engine }),
      phone.mutation('settings.set', { key: 'pdfPageSize', value: 'a4' }),
      phone.mutation('settings.remove', { key: 'pdfPageSize' }),
    )
    const { changes } = await phone.pullAll()
    expect(JSON.stringify(changes)).not.toContain('sk-1')
    expect(changes).toEqual([
      {
        table: 'settings',
        id: 'theme',
        row: {
          key: 'theme',
          value: 'dark',
          version: expect.any(Number),
          updatedAt: expect.any(String),
        },
      },
      {
        table: 'settings',
        id: 'letterEngine',
        row: {
          key: 'letterEngine',
          value: { kind: 'openai-compatible', baseUrl: 'https://ai.example', model: 'm' },
          version: expect.any(Number),
          updatedAt: expect.any(String),
        },
      },
      { table: 'settings', id: 'pdfPageSize', deleted: true },
    ])
  })

  it('needs a session, and a schema version this server knows', async () => {
    const { app } = server()
    const body = { clientId: randomUUID(), schemaVersion: 1, mutations: [] }
    const anonymous = await post(app, SYNC_PATHS.push, body)
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json().error.code).toBe('NOT_SIGNED_IN')
    const { cookie } = await device()
    const old = await post(app, SYNC_PATHS.push, { ...body, schemaVersion: 0 }, cookie)
    expect(old.statusCode).toBe(409)
    expect(old.json().error.code).toBe('CLIENT_TOO_OLD')
    const newer = SYNC_SCHEMA_VERSION + 1
    const future = await post(app, SYNC_PATHS.push, { ...body, schemaVersion: newer }, cookie)
    expect(future.statusCode).toBe(400)
    expect(future.json().error).toMatchObject({ code: 'INVALID_INPUT' })
    expect(future.json().error.message).toContain(`${newer} is newer`)
    const empty = await post(app, SYNC_PATHS.push, body, cookie)
    expect(empty.json()).toEqual({ lastMutationId: 0, refused: [] })
  })

  // PGlite has one connection: nothing else can hold the lock while a push runs.
})
