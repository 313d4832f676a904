import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type Change, type Mutation, SYNCED_SETTING_KEYS } from '@/domain/sync'
import type { Database } from '../db/database'
import { newLetter, SyncDevice } from '../test-support/sync-device'
import { setupTestServer, signedUp } from '../test-support/test-server'

const server = setupTestServer()

/** Enough interleavings to find an ordering bug, few enough for a file that runs in seconds. */
const RUNS = { numRuns: 20 }

type Op =
  | { kind: 'create' }
  | { kind: 'complete' | 'edit' | 'fail' | 'restart'; pick: number; base: number }
  | { kind: 'set'; key: (typeof SYNCED_SETTING_KEYS)[number]; value: string }
  | { kind: 'remove'; key: (typeof SYNCED_SETTING_KEYS)[number] }
  | { kind: 'nonsense' }

const key = fc.constantFrom(...SYNCED_SETTING_KEYS)
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'create' as const }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constantFrom(
        'complete' as const,
        'edit' as const,
        'fail' as const,
        'restart' as const,
      ),
      pick: fc.nat(),
      base: fc.nat({ max: 50 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('set' as const),
      key,
      value: fc.string({ maxLength: 8 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), key }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'nonsense' as const }) },
)

/** In each round both devices push at once while a third device pulls, `limit` rows a page. */
const rounds = fc.array(
  fc.record({
    laptop: fc.array(op, { maxLength: 4 }),
    phone: fc.array(op, { maxLength: 4 }),
    limit: fc.integer({ min: 1, max: 4 }),
  }),
  { minLength: 1, maxLength: 5 },
)

function toMutation(device: SyncDevice, letters: string[], operation: Op): Mutation {
  const pick = (n: number) => letters[n % Math.max(letters.length, 1)] ?? randomUUID()
  switch (operation.kind) {
    case 'create': {
      const letter = newLetter()
      letters.push(letter.id)
      return device.mutation('letters.create', { letter })
    }
    case 'complete':
      return device.mutation('letters.complete', {
        id: pick(operation.pick),
        content: `Text ${operation.base}`,
        generator: 'g',
      })
    case 'edit':
      return device.mutation('letters.editContent', {
        id: pick(operation.pick),
        content: `Edit ${operation.base}`,
        versionId: randomUUID(),
        baseVersion: operation.base,
      })
    case 'fail':
      return device.mutation('letters.fail', { id: pick(operation.pick), reason: 'gave up' })
    case 'restart':
      return device.mutation('letters.restart', { id: pick(operation.pick) })
    case 'set':
      return device.mutation('settings.set', { key: operation.key, value: operation.value })
    case 'remove':
      return device.mutation('settings.remove', { key: operation.key })
    case 'nonsense':
      return device.raw('letters.nonsense', { id: pick(0) })
  }
}

/** What a device holds after applying changes in order: each row's latest state. */
class Replica {
  rows = new Map<string, string>()
  cursor = 0

  apply(changes: Change[]) {
    for (const change of changes) {
      const state = 'deleted' in change ? 'deleted' : JSON.stringify(change.row)
      this.rows.set(`${change.table}:${change.id}`, state)
    }
  }

  /** Pulls until nothing is left, checking that the cursor never goes back. */
  async catchUp(device: SyncDevice, limit: number) {
    for (;;) {
      const page = await device.pull(this.cursor, limit)
      expect(page.cursor).toBeGreaterThanOrEqual(this.cursor)
      if (page.changes.length === 0) expect(page.cursor).toBe(this.cursor)
      this.apply(page.changes)
      this.cursor = page.cursor
      if (!page.more) return
    }
  }
}

/** Every synced row of the user as the database holds it, keyed as the replica keys them. */
async function storedRows(database: Database, userId: string): Promise<Map<string, boolean>> {
  const rows = (await database.query(
    `select 'letters:' || id as key, deleted_at is not null as deleted from letters where owner_id = $1
     union all
     select 'letterVersions:' || id, deleted_at is not null from letter_versions where owner_id = $1
     union all
     select 'settings:' || key, deleted_at is not null from user_settings where owner_id = $1`,
    [userId],
  )) as { key: string; deleted: boolean }[]
  return new Map(rows.map((row) => [row.key, row.deleted]))
}

describe('the pull cursor', () => {
  it('never goes back, and a device that pulls while others push ends with exactly the stored rows', async () => {
    const { app, database } = server()
    await fc.assert(
      fc.asyncProperty(rounds, async (plan) => {
        const { cookie, user } = await signedUp(app)
        const laptop = new SyncDevice(app, cookie)
        const phone = new SyncDevice(app, cookie)
        const watcher = new SyncDevice(app, cookie)
        const replica = new Replica()
        const letters: string[] = []
        for (const round of plan) {
          const fromLaptop = round.laptop.map((o) => toMutation(laptop, letters, o))
          const fromPhone = round.phone.map((o) => toMutation(phone, letters, o))
          await Promise.all([
            laptop.push(...fromLaptop),
            phone.push(...fromPhone),
            replica.catchUp(watcher, round.limit),
          ])
          await replica.catchUp(watcher, round.limit)
        }

        const fresh = new Replica()
        await fresh.catchUp(watcher, 1000)
        expect(replica.rows).toEqual(fresh.rows)
        expect(replica.cursor).toBe(fresh.cursor)
        const stored = await storedRows(database, user.id)
        expect(new Set(fresh.rows.keys())).toEqual(new Set(stored.keys()))
        for (const [rowKey, deleted] of stored) {
          expect(fresh.rows.get(rowKey) === 'deleted', rowKey).toBe(deleted)
        }
      }),
      RUNS,
    )
  })
})
