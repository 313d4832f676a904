import { Dexie } from 'dexie'
import { newId } from '@/domain/ids'
import { letterInputSchema } from '@/domain/letter-schema'
import type { Letter } from '@/domain/types'
import { parseOrThrow } from '@/domain/validate'
import type { LetterheadDatabase } from '../database'
import type { LettersRepository } from '../repository'
import { type RepositoryContext, readAs, requireRole, stamp } from './context'
import { takeLetterCredit } from './credits'
import { createLetterLifecycle } from './letter-lifecycle'
import { createLetterVersions } from './letter-versions'
import { ownLetter } from './own-letter'

const mine = (db: LetterheadDatabase, userId: string) =>
  db.letters.where('[userId+createdAt]').between([userId, Dexie.minKey], [userId, Dexie.maxKey])

export function createLettersRepository(context: RepositoryContext): LettersRepository {
  const { db, clock } = context

  /** Reads the signed-in user's letters in one read transaction with the check of who is asking. */
  function mineRead<T>(read: (userId: string) => Promise<T>): Promise<T> {
    return db.transaction('r', [db.letters, db.session, db.users], () => readAs(db, ['user'], read))
  }

  return {
    async create(input) {
      const data = parseOrThrow(letterInputSchema, input)
      return db.transaction(
        'rw',
        [db.letters, db.session, db.users, db.subscriptions],
        async () => {
          const user = await requireRole(db, ['user'])
          // The credit is taken in the same transaction that writes the letter: both or neither.
          const subscriptionId = await takeLetterCredit(db, user, clock())
          const letter: Letter = {
            id: newId(),
            userId: user.id,
            subscriptionId,
            ...data,
            content: '',
            status: 'generating',
            generator: 'built-in',
            ...stamp(clock),
          }
          await db.letters.add(letter)
          return letter
        },
      )
    },

    // The callback must be an async function for Dexie to keep the transaction open across awaits.
    get: (id) =>
      db.transaction('r', [db.letters, db.session, db.users], async () => ownLetter(db, id)),

    listMine: () => mineRead((userId) => mine(db, userId).reverse().toArray()),

    countMine: () => mineRead((userId) => mine(db, userId).count()),

    // Few letters are ever being written at once, so the status index finds them without a scan.
    listGeneratingMine: () =>
      mineRead(async (userId) => {
        const generating = await db.letters.where('status').equals('generating').toArray()
        return generating
          .filter((letter) => letter.userId === userId)
          .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
      }),

    pageMine: ({ offset, limit }) =>
      mineRead(async (userId) => {
        const start = Math.max(0, offset)
        const size = Math.max(1, limit)
        if (start === 0) {
          const [letters, total] = await Promise.all([
            mine(db, userId).reverse().limit(size).toArray(),
            mine(db, userId).count(),
          ])
          return { letters, total }
        }
        // Skipping rows with a cursor costs a step per row; the ids alone, in index order, are cheap.
        const ids = await mine(db, userId).reverse().primaryKeys()
        const letters = await db.letters.bulkGet(ids.slice(start, start + size))
        return { letters: letters.filter((letter) => letter !== undefined), total: ids.length }
      }),

    async listAll() {
      await requireRole(db, ['admin'])
      return db.letters.orderBy('createdAt').reverse().toArray()
    },

    ...createLetterLifecycle(context),
    ...createLetterVersions(context),
  }
}
