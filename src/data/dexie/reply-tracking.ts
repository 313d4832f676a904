import { AppError } from '@/domain/errors'
import { asksForReply } from '@/domain/letter-details'
import { REPLY_STATES } from '@/domain/reply-tracking'
import { NO_REPLY_ASKED } from '@/domain/stored-details'
import type { Letter } from '@/domain/types'
import { parseOrThrow } from '@/domain/validate'
import { z } from '@/lib/zod'
import type { LettersRepository } from '../repository'
import type { RepositoryContext } from './context'
import { recordLetterChange, syncTables } from './outbox'
import { ownLetterToChange } from './own-letter'

type ReplyTracking = Pick<LettersRepository, 'setReplyState'>

const replyStateSchema = z.enum(REPLY_STATES, { message: 'Choose where the reply stands' })

/** Where the reply to a letter stands; the last state recorded wins, on every device (decision 030). */
export function createReplyTracking({ db, clock }: RepositoryContext): ReplyTracking {
  return {
    async setReplyState(id, state) {
      const replyState = parseOrThrow(replyStateSchema, state)
      const tables = [db.letters, db.session, db.users, ...syncTables(db)]
      return db.transaction('rw', tables, async () => {
        const { letter, syncState } = await ownLetterToChange(db, id)
        if (!asksForReply(letter.type)) throw new AppError('INVALID_INPUT', NO_REPLY_ASKED)
        if (letter.replyState === replyState) return letter
        const updatedAt = clock().toISOString()
        const updated: Letter = { ...letter, replyState, updatedAt }
        await Promise.all([
          db.letters.put(updated),
          recordLetterChange(
            db,
            syncState,
            ['letters.setReplyState', { id, state: replyState }],
            updatedAt,
          ),
        ])
        return updated
      })
    },
  }
}
