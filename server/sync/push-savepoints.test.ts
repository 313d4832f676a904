import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { Mutation } from '@/domain/sync'
import type { Db } from '../db/database'
import { letterRow, newLetter, SyncDevice, versionsOf } from '../test-support/sync-device'
import { setupTestServer, signedUp } from '../test-support/test-server'
import { push } from './push'

const server = setupTestServer()

/**
 * The database handle as push() uses it, counting the transactions it opens
 * and the savepoints (nested transactions) asked of them; the work itself
 * goes to the real database.
 */
function counting(db: Db) {
  const counts = { transactions: 0, savepoints: 0 }
  const withSavepoints = (tx: Db): Db =>
    new Proxy(tx, {
      get: (target, key, receiver) =>
        key === 'transaction'
          ? (work: (tx: Db) => Promise<unknown>): Promise<unknown> => {
              counts.savepoints += 1
              return target.transaction(work)
            }
          : (Reflect.get(target, key, receiver) as unknown),
    })
  const handle = new Proxy(db, {
    get: (target, key, receiver) =>
      key === 'transaction'
        ? (work: (tx: Db) => Promise<unknown>): Promise<unknown> => {
            counts.transactions += 1
            return target.transaction((tx) => work(withSavepoints(tx)))
          }
        : (Reflect.get(target, key, receiver) as unknown),
  })
  return { db: handle, counts }
}

async function written() {
  const { app, database, clock } = server()
  const { cookie, user } = await signedUp(app)
  const phone = new SyncDevice(app, cookie)
  const letter = newLetter()
  await phone.push(
    phone.mutation('letters.create', { letter }),
    phone.mutation('letters.complete', { id: letter.id, content: 'First.', generator: 'g' }),
  )
  const version = (await letterRow(database, letter.id))?.version ?? 0
  const context = { userId: user.id, clientId: phone.clientId, now: clock.now() }
  return { database, phone, letter, version, context }
}

describe('a push’s savepoints (decision 044)', () => {
  it('takes none when nothing is refused: one transaction for new letters and edits', async () => {
    const { database, phone, letter, version, context } = await written()
    const next = newLetter()
    const mutations: Mutation[] = [
      phone.mutation('letters.create', { letter: next }),
      phone.mutation('letters.complete', { id: next.id, content: 'Next.', generator: 'g' }),
      phone.mutation('letters.editContent', {
        id: letter.id,
        content: 'Edited.',
        versionId: randomUUID(),
        baseVersion: version,
      }),
      phone.mutation('settings.set', { key: 'theme', value: 'dark' }),
    ]
    const { db, counts } = counting(database.db)
    expect(await push(db, { ...context, mutations })).toEqual({
      lastMutationId: 6,
      refused: [],
      changed: true,
    })
    expect(counts).toEqual({ transactions: 1, savepoints: 0 })
    expect((await letterRow(database, letter.id))?.content).toBe('Edited.')
    expect((await letterRow(database, next.id))?.content).toBe('Next.')
  })

  it('undoes a refused mutation’s writes made before its refusal, and keeps the rest', async () => {
    const { database, phone, letter, version, context } = await written()
    const edit = (content: string, baseVersion: number) =>
      phone.mutation('letters.editContent', {
        id: letter.id,
        content,
        versionId: randomUUID(),
        baseVersion,
      })
    // The second edit keeps the text before it as a previous version, then fails on its own text.
    const mutations = [
      edit('Second.', version),
      edit('Bad \u0000 text.', version),
      phone.mutation('settings.set', { key: 'pdfPageSize', value: 'a4' }),
    ]
    const { db, counts } = counting(database.db)
    const answer = await push(db, { ...context, mutations })
    expect(answer).toEqual({
      lastMutationId: 5,
      refused: [
        {
          id: 4,
          code: 'INVALID_INPUT',
          message: 'Text may not contain the character U+0000 (NUL).',
        },
      ],
      changed: true,
    })
    // The attempt without savepoints was undone whole, and the push replayed with them.
    expect(counts.transactions).toBe(2)
    expect(counts.savepoints).toBeGreaterThanOrEqual(3)
    expect((await letterRow(database, letter.id))?.content).toBe('Second.')
    expect((await versionsOf(database, letter.id)).map((one) => one.content)).toEqual(['First.'])
    const { changes } = await phone.pullAll()
    expect(changes.find((change) => change.id === 'pdfPageSize')).toMatchObject({
      row: { value: 'a4' },
    })
  })
})
