import { AppError } from '@/domain/errors'
import { GENERATION_ERROR_MAX, letterContentSchema } from '@/domain/letter-schema'
import type { Letter, LetterStatus, User } from '@/domain/types'
import { parseOrThrow } from '@/domain/validate'
import type { LettersRepository } from '../repository'
import type { RepositoryContext } from './context'
import { purchaseToSpend, purchasesOf } from './credits'
import { ownLetterToChange } from './own-letter'
import { type Recorded, recordLetterChange, syncTables } from './outbox'
import { moveCredit } from './tallies'

type Lifecycle = Pick<LettersRepository, 'complete' | 'fail' | 'restart'>

type Change = (letter: Letter, owner: User) => Promise<Partial<Letter>> | Partial<Letter>
/** The mutation the server replays for a move, from the letter as moved. */
type Mutation = (updated: Letter) => Recorded

/** Moves a letter between statuses, refusing moves the lifecycle does not allow. */
export function createLetterLifecycle({ db, clock }: RepositoryContext): Lifecycle {
  async function move(
    id: string,
    from: LetterStatus,
    change: Change,
    mutation: Mutation,
  ): Promise<Letter> {
    const tables = [db.letters, db.session, db.users, db.subscriptions, ...syncTables(db)]
    return db.transaction('rw', tables, async () => {
      const { user, letter, syncState } = await ownLetterToChange(db, id)
      if (letter.status !== from) {
        throw new AppError('INVALID_INPUT', `This letter is ${letter.status}, not ${from}.`)
      }
      const updatedAt = clock().toISOString()
      const updated: Letter = { ...letter, ...(await change(letter, user)), updatedAt }
      // Whatever the change did to the letter's credit, the purchases' tallies follow it.
      await Promise.all([
        db.letters.put(updated),
        moveCredit(db, letter.subscriptionId, updated.subscriptionId, updatedAt),
        recordLetterChange(db, syncState, mutation(updated), updatedAt),
      ])
      return updated
    })
  }

  return {
    async complete(id, { content, generator }) {
      const text = parseOrThrow(letterContentSchema, content)
      return move(
        id,
        'generating',
        () => ({ content: text, generator, status: 'completed', error: undefined }),
        () => ['letters.complete', { id, content: text, generator }],
      )
    },

    /** A letter that could not be written gives its credit back. */
    fail(id, reason) {
      const error = String(reason).slice(0, GENERATION_ERROR_MAX)
      return move(
        id,
        'generating',
        () => ({ status: 'failed', error, subscriptionId: undefined }),
        () => ['letters.fail', { id, reason: error }],
      )
    },

    /** Trying again takes a credit again, as a new letter would. */
    restart(id) {
      return move(
        id,
        'failed',
        async (letter, owner) => {
          const subscriptionId =
            letter.subscriptionId ?? purchaseToSpend(await purchasesOf(db, owner.id), clock()).id
          return { status: 'generating', error: undefined, subscriptionId }
        },
        (updated) => ['letters.restart', { id, subscriptionId: updated.subscriptionId }],
      )
    },
  }
}
