import { AppError } from '@/domain/errors'
import { GENERATION_ERROR_MAX, letterContentSchema } from '@/domain/letter-schema'
import type { Letter, LetterStatus } from '@/domain/types'
import { parseOrThrow } from '@/domain/validate'
import type { LettersRepository } from '../repository'
import { type RepositoryContext, requireRole } from './context'
import { takeLetterCredit } from './credits'
import { ownLetter } from './own-letter'

type Lifecycle = Pick<LettersRepository, 'complete' | 'fail' | 'restart'>

type Change = (letter: Letter) => Promise<Partial<Letter>> | Partial<Letter>

/** Moves a letter between statuses, refusing moves the lifecycle does not allow. */
export function createLetterLifecycle({ db, clock }: RepositoryContext): Lifecycle {
  async function move(id: string, from: LetterStatus, change: Change): Promise<Letter> {
    return db.transaction('rw', [db.letters, db.session, db.users, db.subscriptions], async () => {
      const letter = await ownLetter(db, id)
      if (letter.status !== from) {
        throw new AppError('INVALID_INPUT', `This letter is ${letter.status}, not ${from}.`)
      }
      const updated: Letter = {
        ...letter,
        ...(await change(letter)),
        updatedAt: clock().toISOString(),
      }
      await db.letters.put(updated)
      return updated
    })
  }

  return {
    async complete(id, { content, generator }) {
      const text = parseOrThrow(letterContentSchema, content)
      return move(id, 'generating', () => ({
        content: text,
        generator,
        status: 'completed',
        error: undefined,
      }))
    },

    /** A letter that could not be written gives its credit back. */
    fail(id, reason) {
      const error = String(reason).slice(0, GENERATION_ERROR_MAX)
      return move(id, 'generating', () => ({ status: 'failed', error, subscriptionId: undefined }))
    },

    /** Trying again takes a credit again, as a new letter would. */
    restart(id) {
      return move(id, 'failed', async (letter) => {
        const user = await requireRole(db, ['user'])
        const subscriptionId = letter.subscriptionId ?? (await takeLetterCredit(db, user, clock()))
        return { status: 'generating', error: undefined, subscriptionId }
      })
    },
  }
}
