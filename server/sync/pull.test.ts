import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { type Mutation, pullResponseSchema, SYNC_PATHS } from '@/domain/sync'
import { newLetter, SyncDevice } from '../test-support/sync-device'
import { countRows, post, setupTestServer, signedUp } from '../test-support/test-server'

const server = setupTestServer()

async function newDevice() {
  const { app } = server()
  const { cookie, user } = await signedUp(app)
  return { device: new SyncDevice(app, cookie), user }
}

describe('POST /api/sync/pull', () => {
  it('pages through every change oldest first, without gaps or repeats, counting the letters left', async () => {
    const { device } = await newDevice()
    const mutations: Mutation[] = []
    for (let i = 0; i < 25; i++) {
      mutations.push(
        device.mutation('letters.create', { letter: newLetter({ matter: `No. ${i}` }) }),
      )
      if (i === 5) mutations.push(device.mutation('settings.set', { key: 'theme', value: 'dark' }))
      if (i === 17)
        mutations.push(device.mutation('settings.set', { key: 'pdfPageSize', value: 'a4' }))
    }
    expect(await device.push(...mutations)).toEqual({ lastMutationId: 27, refused: [] })

    const pages = []
    let cursor = 0
    let letters = 0
    for (;;) {
      const page = await device.pull(cursor, 10)
      expect(pullResponseSchema.safeParse(page).success).toBe(true)
      expect(page.cursor).toBeGreaterThan(cursor)
      expect(page.lastMutationId).toBe(27)
      letters += page.changes.filter((change) => change.table === 'letters').length
      expect(page.lettersRemaining).toBe(25 - letters)
      pages.push(page)
      cursor = page.cursor
      if (!page.more) break
    }
    expect(pages.map((page) => page.changes.length)).toEqual([10, 10, 7])
    expect(pages.map((page) => page.more)).toEqual([true, true, false])
    const matters = pages
      .flatMap((page) => page.changes)
      .flatMap((change) => ('row' in change && 'matter' in change.row ? [change.row.matter] : []))
    expect(matters).toEqual(Array.from({ length: 25 }, (_, i) => `No. ${i}`))
    const ids = pages.flatMap((page) => page.changes.map((change) => change.id))
    expect(new Set(ids).size).toBe(27)

    const end = await device.pull(cursor, 10)
    expect(end).toEqual({
      cursor,
      lastMutationId: 27,
      changes: [],
      more: false,
      lettersRemaining: 0,
    })
  })

  it('sends rows in the shapes the device reads, with no nulls and times with an offset', async () => {
    const { device, user } = await newDevice()
    const letter = newLetter()
    await device.push(device.mutation('letters.create', { letter }))
    const { changes } = await device.pull()
    expect(changes).toEqual([
      {
        table: 'letters',
        id: letter.id,
        row: {
          id: letter.id,
          userId: user.id,
          type: letter.type,
          senderName: letter.senderName,
          senderAddress: letter.senderAddress,
          recipientName: letter.recipientName,
          recipientAddress: letter.recipientAddress,
          matter: letter.matter,
          resolution: letter.resolution,
          content: '',
          status: 'generating',
          generator: 'built-in',
          version: expect.any(Number),
          createdAt: letter.createdAt,
          updatedAt: '2026-11-25T09:00:00.000Z',
        },
      },
    ])
  })

  it('sends a removed setting as a tombstone, and only the latest state of each row', async () => {
    const { device } = await newDevice()
    await device.push(device.mutation('settings.set', { key: 'theme', value: 'dark' }))
    const { cursor } = await device.pullAll()
    await device.push(
      device.mutation('settings.set', { key: 'theme', value: 'light' }),
      device.mutation('settings.remove', { key: 'theme' }),
    )
    const after = await device.pull(cursor)
    expect(after.changes).toEqual([{ table: 'settings', id: 'theme', deleted: true }])
    expect(after.cursor).toBeGreaterThan(cursor)
    await device.push(device.mutation('settings.set', { key: 'theme', value: 'system' }))
    expect((await device.pull(after.cursor)).changes).toEqual([
      { table: 'settings', id: 'theme', row: expect.objectContaining({ value: 'system' }) },
    ])
  })

  it('sends a setting back exactly as it was set, a string that reads as JSON included', async () => {
    const { device } = await newDevice()
    const values = ['123', 'true', 'null', '"quoted"', { size: '42', nested: [1, '2', null] }, 7]
    for (const value of values) {
      await device.push(device.mutation('settings.set', { key: 'letterEngine', value }))
      const { changes } = await device.pullAll()
      expect(changes.at(-1)).toEqual({
        table: 'settings',
        id: 'letterEngine',
        row: expect.objectContaining({ value }),
      })
    }
  })

  it('answers a client it has not met with lastMutationId 0, without registering it', async () => {
    const { database } = server()
    const { device } = await newDevice()
    await device.push(device.mutation('settings.set', { key: 'theme', value: 'dark' }))
    const clients = await countRows(database, 'sync_clients')
    const stranger = new SyncDevice(server().app, device.cookie)
    const page = await stranger.pull()
    expect(page.lastMutationId).toBe(0)
    expect(page.changes).toHaveLength(1)
    expect(await countRows(database, 'sync_clients')).toBe(clients)
  })

  it('needs a session, a schema version it knows, and a limit from 1 to 1000', async () => {
    const { app } = server()
    const body = { clientId: randomUUID(), cursor: 0, limit: 10 }
    expect((await post(app, SYNC_PATHS.pull, body)).statusCode).toBe(401)
    const { device } = await newDevice()
    const old = await device.send(SYNC_PATHS.pull, { ...body, schemaVersion: 0 })
    expect(old.statusCode).toBe(409)
    expect(old.json().error.code).toBe('CLIENT_TOO_OLD')
    expect((await device.send(SYNC_PATHS.pull, { ...body, schemaVersion: 1 })).statusCode).toBe(200)
    for (const limit of [0, 1001, 1.5]) {
      const response = await device.send(SYNC_PATHS.pull, { ...body, limit })
      expect(response.statusCode).toBe(400)
      expect(response.json().error.code).toBe('INVALID_INPUT')
    }
    const negative = await device.send(SYNC_PATHS.pull, { ...body, cursor: -1 })
    expect(negative.statusCode).toBe(400)
  })
})
