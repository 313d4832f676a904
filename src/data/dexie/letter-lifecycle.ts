import { AppError } from '@/domain/errors'
import { GENERATION_ERROR_MAX, letterContentSchema } from '@/domain/letter-schema'
import type { Letter, LetterStatus } from '@/domain/types'
import { parseOrThrow } from '@/domain/validate'
import type { LettersRepository } from '../repository'
import type { RepositoryContext } from './context'
import { ownLetter } from './own-letter'

type Lifecycle = Pick<LettersRepository, 'complete' | 'fail' | 'restart'>

/** Moves a letter between statuses, refusing moves the lifecycle does not allow. */
export function createLetterLifecycle({ db, clock }: RepositoryContext): Lifecycle {
  async function move(id: string, from: LetterStatus, changes: Partial<Letter>): Promise<Letter> {
    return db.transaction('rw', [db.letters, db.session, db.users], async () => {
      const letter = await ownLetter(db, id)
      if (letter.status !== from)
        throw new AppError('INVALID_INPUT', `This letter is ${letter.status}, not ${from}.`)
      const updated: Letter = { ...letter, ...changes, updatedAt: clock().toISOString() }
      await db.letters.put(updated)
      return updated
    })
  }

  return {
    async complete(id, { content, generator }) {
      const text = parseOrThrow(letterContentSchema, content)
      return move(id, 'generating', {
        content: text,
        generator,
        status: 'completed',
        error: undefined,
      })
    },

    fail(id, reason) {
      return move(id, 'generating', {
        status: 'failed',
        error: String(reason).slice(0, GENERATION_ERROR_MAX),
      })
    },

    restart(id) {
      return move(id, 'failed', { status: 'generating', error: undefined })
    },
  }
}
