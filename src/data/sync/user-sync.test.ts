import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppError } from '@/domain/errors'
import { newId } from '@/domain/ids'
import { type PullResponse, SYNC_PATHS } from '@/domain/sync'
import { openDatabase } from '../database'
import { type ApiClient, ApiError, type RequestOptions } from '../remote/api-client'
import type { SyncState } from '../sync-types'
import type { SyncStatus } from './sync-status'
import { pulledLetter, pulledPage } from './test-pages'
import { createUserSync, FIRST_PAGE, PAGE } from './user-sync'

let databases = 0

/**
 * A new device of one account, syncing against a server that answers each
 * pull with `answer(cursor)`. `log` says, in order, when a page was asked for
 * (`ask <cursor>`) and when letters were put in storage (`store`).
 */
async function newDevice(answer: (cursor: number) => Promise<PullResponse>) {
  const db = openDatabase(`letterhead-user-sync-${Date.now()}-${databases++}`)
  const log: string[] = []
  db.use({
    stack: 'dbcore',
    name: 'log-stores',
    create: (down) => ({
      ...down,
      table(name) {
        const table = down.table(name)
        if (name !== 'letters') return table
        return {
          ...table,
          mutate: (request) => {
            if (request.type === 'put') log.push('store')
            return table.mutate(request)
          },
        }
      },
    }),
  })
  const state: SyncState = {
    userId: newId(),
    clientId: newId(),
    cursor: 0,
    nextMutationId: 1,
    downloaded: false,
  }
  await db.syncState.add(state)
  const asked: Array<{ cursor: number; limit: number }> = []
  const client: ApiClient = {
    json: ((path: string, _schema: unknown, options?: RequestOptions) => {
      if (path !== SYNC_PATHS.pull) throw new Error(`Nothing to push, yet asked ${path}`)
      const { cursor, limit } = options?.body as { cursor: number; limit: number }
      log.push(`ask ${cursor}`)
      asked.push({ cursor, limit })
      return answer(cursor)
    }) as ApiClient['json'],
    send: () => Promise.resolve(),
  }
  const statuses: SyncStatus[] = []
  const deps = {
    db,
    client,
    clock: () => new Date('2026-11-22T12:00:00Z'),
    online: () => true,
    onSessionExpired: vi.fn(() => Promise.resolve()),
    onClientTooOld: vi.fn(),
    onRefused: vi.fn(),
    publish: (status: SyncStatus) => void statuses.push(status),
    random: () => 0.5,
  }
  const sync = createUserSync(deps, state)
  syncs.push(sync)
  const stored = async () => ({
    letters: (await db.letters.toArray()).map((letter) => letter.matter).sort(),
    cursor: (await db.syncState.get(state.userId))?.cursor,
    downloaded: (await db.syncState.get(state.userId))?.downloaded,
  })
  return { db, state, sync, deps, log, asked, statuses, stored }
}

const syncs: Array<{ stop(): void }> = []
afterEach(() => {
  for (const sync of syncs.splice(0)) sync.stop()
})

/** Three pages of one account's letters, at cursors 0, 10 and 20; the last says there is no more. */
function threePages(userId: string) {
  const first = pulledLetter(userId, 10, { matter: 'One' })
  return new Map([
    [0, pulledPage([first], true)],
    [10, pulledPage([pulledLetter(userId, 20, { matter: 'Two' })], true)],
    // The first letter again, newer: the pages must be applied in order for this text to stay.
    [20, pulledPage([pulledLetter(userId, 30, { id: first.id, matter: 'One, edited' })])],
  ])
}

describe('pulling pages', () => {
  it('asks for the next page while it stores the current one, and stores them in order', async () => {
    let pages = new Map<number, PullResponse>()
    const device = await newDevice((cursor) => Promise.resolve(pages.get(cursor) ?? pulledPage([])))
    pages = threePages(device.state.userId)

    await device.sync.request()

    expect(device.log).toEqual(['ask 0', 'ask 10', 'store', 'ask 20', 'store', 'store'])
    // The last page said there is no more: nothing else was asked for.
    expect(device.asked).toEqual([
      { cursor: 0, limit: FIRST_PAGE },
      { cursor: 10, limit: PAGE },
      { cursor: 20, limit: PAGE },
    ])
    expect(await device.stored()).toEqual({
      letters: ['One, edited', 'Two'],
      cursor: 30,
      downloaded: true,
    })
    expect(device.statuses.at(-1)).toMatchObject({ phase: 'synced', download: null })
  })

  it.each([
    {
      failure: 'an unreachable server',
      error: () => new AppError('SERVER_UNREACHABLE'),
      phase: 'retrying',
      sessionsEnded: 0,
      tooOld: 0,
    },
    {
      failure: 'an ended session',
      error: () => new ApiError(401, 'NOT_SIGNED_IN'),
      phase: 'syncing',
      sessionsEnded: 1,
      tooOld: 0,
    },
    {
      failure: 'an app too old',
      error: () => new ApiError(409, 'CLIENT_TOO_OLD'),
      phase: 'update-required',
      sessionsEnded: 0,
      tooOld: 1,
    },
  ])(
    'a page asked for ahead that fails, with $failure, fails the pull as any pull does',
    async ({ error, phase, sessionsEnded, tooOld }) => {
      const unhandled: unknown[] = []
      const note = (reason: unknown) => void unhandled.push(reason)
      process.on('unhandledRejection', note)
      try {
        let pages = new Map<number, PullResponse>()
        let failing = true
        const device = await newDevice((cursor) =>
          // Fails at once, long before the page before it is stored.
          cursor === 10 && failing
            ? Promise.reject(error())
            : Promise.resolve(pages.get(cursor) ?? pulledPage([])),
        )
        pages = threePages(device.state.userId)

        await device.sync.request()

        // The page before it is stored and the cursor moved past it; nothing after it.
        expect(await device.stored()).toEqual({ letters: ['One'], cursor: 10, downloaded: false })
        expect(device.asked.map((ask) => ask.cursor)).toEqual([0, 10])
        expect(device.statuses.at(-1)?.phase).toBe(phase)
        expect(device.deps.onSessionExpired).toHaveBeenCalledTimes(sessionsEnded)
        expect(device.deps.onClientTooOld).toHaveBeenCalledTimes(tooOld)
        // Until it was awaited, its rejection was handled: the runtime reported none.
        await new Promise((resolve) => setTimeout(resolve, 10))
        expect(unhandled).toEqual([])

        if (phase !== 'retrying') return
        // The next try carries on from the stored cursor.
        failing = false
        await device.sync.request()
        expect(device.asked.map((ask) => ask.cursor)).toEqual([0, 10, 10, 20])
        expect(await device.stored()).toEqual({
          letters: ['One, edited', 'Two'],
          cursor: 30,
          downloaded: true,
        })
      } finally {
        process.off('unhandledRejection', note)
      }
    },
  )

  it('stops asking once stopped, and stores nothing it asked for before', async () => {
    let pages = new Map<number, PullResponse>()
    let stop: () => void = () => undefined
    const device = await newDevice((cursor) => {
      // Signed out while the first page is being stored, its next page already asked for.
      if (cursor === 10) stop()
      return Promise.resolve(pages.get(cursor) ?? pulledPage([]))
    })
    pages = threePages(device.state.userId)
    stop = () => device.sync.stop()

    await device.sync.request()

    expect(device.asked.map((ask) => ask.cursor)).toEqual([0, 10])
    expect(await device.stored()).toEqual({ letters: ['One'], cursor: 10, downloaded: false })
  })
})
