import { Dexie } from 'dexie'
import { newId } from '@/domain/ids'
import { letterInputSchema } from '@/domain/letter-schema'
import { replyByFor } from '@/domain/reply-tracking'
import { storedDetails } from '@/domain/stored-details'
import type { Letter } from '@/domain/types'
import { parseOrThrow } from '@/domain/validate'
import type { LetterheadDatabase } from '../database'
import type { LettersRepository } from '../repository'
import {
  type RepositoryContext,
  readAs,
  readAsUser,
  readTransaction,
  requireRole,
  stamp,
} from './context'
import { purchaseToSpend, purchasesOf } from './credits'
import { createLetterLifecycle } from './letter-lifecycle'
import { createLetterVersions } from './letter-versions'
import { readSyncState, recordMutation, rowKey, syncTables } from './outbox'
import { ownLetter } from './own-letter'
import { createReplyTracking } from './reply-tracking'
import { countNewLetter, spendCredit } from './tallies'

const mine = (db: LetterheadDatabase, userId: string) =>
  db.letters.where('[userId+createdAt]').between([userId, Dexie.minKey], [userId, Dexie.maxKey])

export function createLettersRepository(context: RepositoryContext): LettersRepository {
  const { db, clock } = context

  /** Reads the signed-in user's letters in one read transaction with the check of who is asking. */
  function mineRead<T>(read: (userId: string) => Promise<T>): Promise<T> {
    return readAs(db, ['user'], [db.letters], read)
  }

  return {
    async create(input) {
      const { details: answered, ...answers } = parseOrThrow(letterInputSchema, input)
      const details = storedDetails(answers.type, answered)
      const data = details ? { ...answers, details } : answers
      return db.transaction(
        'rw',
        [db.letters, db.session, db.users, db.subscriptions, ...syncTables(db)],
        async () => {
          // The sync state is read beside the purchases, for the mutation recorded below.
          const { user, value } = await readAsUser(db, ['user'], (userId) =>
            Promise.all([purchasesOf(db, userId), readSyncState(db, userId)]),
          )
          const [purchases, syncState] = value
          // The credit is taken in the same transaction that writes the letter: both or neither.
          const purchase = purchaseToSpend(purchases, clock())
          const times = stamp(clock)
          // The letter is dated the day it is written, by the writer's own calendar.
          const replyBy = replyByFor(data.type, details, new Date(times.createdAt))
          const letter: Letter = {
            id: newId(),
            userId: user.id,
            subscriptionId: purchase.id,
            ...data,
            ...(replyBy ? { replyBy } : {}),
            content: '',
            status: 'generating',
            generator: 'built-in',
            ...times,
          }
          // No write needs another's answer, so all four go to storage at once.
          await Promise.all([
            db.letters.add(letter),
            spendCredit(db, purchase, times.updatedAt),
            countNewLetter(db, user, times.updatedAt),
            recordMutation(
              db,
              syncState,
              'letters.create',
              {
                letter: {
                  id: letter.id,
                  ...data,
                  generator: letter.generator,
                  subscriptionId: purchase.id,
                  ...(replyBy ? { replyBy } : {}),
                  createdAt: letter.createdAt,
                },
              },
              [rowKey('letters', letter.id)],
              times.updatedAt,
            ),
          ])
          return letter
        },
      )
    },

    get: (id) => readTransaction(db, [db.letters, db.session, db.users], () => ownLetter(db, id)),

    listMine: () => mineRead((userId) => mine(db, userId).reverse().toArray()),

    // The user row keeps the count, so it is read with the role check itself.
    countMine: () =>
      readTransaction(
        db,
        [db.session, db.users],
        async () => (await requireRole(db, ['user'])).letterCount ?? 0,
      ),

    // Few letters are ever being written at once, so the status index finds them without a scan.
    listGeneratingMine: () =>
      mineRead(async (userId) => {
        const generating = await db.letters.where('status').equals('generating').toArray()
        return generating
          .filter((letter) => letter.userId === userId)
          .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
      }),

    pageMine({ offset, limit }) {
      const start = Math.max(0, offset)
      const size = Math.max(1, limit)
      if (start === 0) {
        return readTransaction(db, [db.letters, db.session, db.users], async () => {
          // The total is the count the user row keeps, which the role check reads anyway.
          const { user, value: letters } = await readAsUser(db, ['user'], (userId) =>
            mine(db, userId).reverse().limit(size).toArray(),
          )
          return { letters, total: user.letterCount ?? 0 }
        })
      }
      return mineRead(async (userId) => {
        // Skipping rows with a cursor costs a step per row; the ids alone, in index order, are cheap.
        const ids = await mine(db, userId).reverse().primaryKeys()
        const letters = await db.letters.bulkGet(ids.slice(start, start + size))
        return { letters: letters.filter((letter) => letter !== undefined), total: ids.length }
      })
    },

    async listAll() {
      await requireRole(db, ['admin'])
      return db.letters.orderBy('createdAt').reverse().toArray()
    },

    ...createLetterLifecycle(context),
    ...createLetterVersions(context),
    ...createReplyTracking(context),
  }
}
