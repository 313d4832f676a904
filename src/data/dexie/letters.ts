import { Dexie } from 'dexie'
import { newId } from '@/domain/ids'
import { letterInputSchema } from '@/domain/letter-schema'
import type { Letter, User } from '@/domain/types'
import { parseOrThrow } from '@/domain/validate'
import type { LetterheadDatabase } from '../database'
import type { LettersRepository } from '../repository'
import { type RepositoryContext, requireRole, stamp } from './context'

/**
 * The point inside the create-letter transaction where a letter credit is
 * taken. Plans do not grant credits yet, so every signed-in user may write.
 */
async function consumeLetterCredit(_db: LetterheadDatabase, _user: User): Promise<void> {}

export function createLettersRepository({ db, clock }: RepositoryContext): LettersRepository {
  return {
    async create(input) {
      const data = parseOrThrow(letterInputSchema, input)
      return db.transaction('rw', [db.letters, db.session, db.users], async () => {
        const user = await requireRole(db, ['user'])
        await consumeLetterCredit(db, user)
        const letter: Letter = {
          id: newId(),
          userId: user.id,
          ...data,
          content: '',
          status: 'generating',
          generator: 'built-in',
          ...stamp(clock),
        }
        await db.letters.add(letter)
        return letter
      })
    },

    async listMine() {
      const user = await requireRole(db, ['user'])
      return db.letters
        .where('[userId+createdAt]')
        .between([user.id, Dexie.minKey], [user.id, Dexie.maxKey])
        .reverse()
        .toArray()
    },

    async listAll() {
      await requireRole(db, ['admin'])
      return db.letters.orderBy('createdAt').reverse().toArray()
    },
  }
}
