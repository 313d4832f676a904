import { AppError } from '@/domain/errors'
import { newId } from '@/domain/ids'
import { answersOf } from '@/domain/letter-answers'
import type { CalendarDay, LetterDetails } from '@/domain/letter-details'
import { letterContentSchema, letterInputSchema, type LetterType } from '@/domain/letter-schema'
import { replyByFor } from '@/domain/reply-tracking'
import { storedDetails, storedReplyBy, storedReplyState } from '@/domain/stored-details'
import type { Letter, LetterVersion } from '@/domain/types'
import { parseOrThrow } from '@/domain/validate'
import type { LetterheadDatabase } from '../database'
import type { SyncState } from '../sync-types'
import type { LettersRepository } from '../repository'
import { type RepositoryContext, readTransaction, stamp } from './context'
import { type Recorded, recordLetterChange, syncTables } from './outbox'
import { ownLetterOf, ownLetterToChange } from './own-letter'

type Versions = Pick<
  LettersRepository,
  'editContent' | 'replaceAnswers' | 'listVersions' | 'restoreVersion'
>

/**
 * The guided answers and reply tracking of a letter whose answers change:
 * `undefined` clears what the letter had (its row is written whole), and
 * tracking stays only while the type still asks for a reply.
 */
function replyFields(
  letter: Letter,
  type: string,
  details: LetterDetails | undefined,
  replyBy: CalendarDay | undefined,
): Pick<Letter, 'details' | 'replyBy' | 'replyState'> {
  return { details, replyBy, replyState: storedReplyState(type, letter.replyState) }
}

export function createLetterVersions({ db, clock }: RepositoryContext): Versions {
  const tables = () => [db.letters, db.letterVersions, db.session, db.users, ...syncTables(db)]

  /**
   * Keeps the letter's current text as a previous version, then writes
   * `changes`; `mutation` says what the server replays, given the new
   * previous version's id and the server version this change was made on.
   */
  async function replaceText(
    { letter, syncState }: { letter: Letter; syncState: SyncState | undefined },
    reason: LetterVersion['reason'],
    changes: Partial<Letter> & { content: string },
    mutation: (base: { versionId: string; baseVersion: number }) => Recorded,
  ): Promise<Letter> {
    if (letter.status !== 'completed')
      throw new AppError('INVALID_INPUT', 'Only a finished letter can be changed.')
    const times = stamp(clock)
    const versionId = newId()
    await db.letterVersions.add({
      id: versionId,
      letterId: letter.id,
      content: letter.content,
      answers: answersOf(letter),
      // The day the text states goes with it, so a restore brings back the deadline it names.
      ...(letter.replyBy ? { replyBy: letter.replyBy } : {}),
      reason,
      ...times,
    })
    const updated: Letter = { ...letter, ...changes, updatedAt: times.updatedAt }
    await Promise.all([
      db.letters.put(updated),
      recordLetterChange(
        db,
        syncState,
        mutation({ versionId, baseVersion: letter.version ?? 0 }),
        times.updatedAt,
      ),
    ])
    return updated
  }

  const versionsOf = (database: LetterheadDatabase, letterId: string) =>
    database.letterVersions
      .where('[letterId+createdAt]')
      .between([letterId, ''], [letterId, '\uffff'])
      .reverse()
      .toArray()

  return {
    async editContent(id, content) {
      const text = parseOrThrow(letterContentSchema, content)
      return db.transaction('rw', tables(), async () => {
        const own = await ownLetterToChange(db, id)
        if (own.letter.content === text) return own.letter
        return replaceText(own, 'edited', { content: text }, (base) => [
          'letters.editContent',
          { id, content: text, ...base },
        ])
      })
    },

    async replaceAnswers(id, input, { content, generator }) {
      const { details: answered, ...answers } = parseOrThrow(letterInputSchema, input)
      const text = parseOrThrow(letterContentSchema, content)
      const details = storedDetails(answers.type, answered)
      // The text was just written, dated today (use-letter-writing.ts): its deadline counts from now.
      const replyBy = replyByFor(answers.type, details, clock())
      return db.transaction('rw', tables(), async () => {
        const own = await ownLetterToChange(db, id)
        return replaceText(
          own,
          'regenerated',
          {
            ...answers,
            ...replyFields(own.letter, answers.type, details, replyBy),
            content: text,
            generator,
          },
          (base) => [
            'letters.replaceAnswers',
            {
              id,
              input: details ? { ...answers, details } : answers,
              content: text,
              generator,
              ...(replyBy ? { replyBy } : {}),
              ...base,
            },
          ],
        )
      })
    },

    async listVersions(id) {
      return readTransaction(db, tables(), async () => {
        const { letter } = await ownLetterOf(db, id)
        return versionsOf(db, letter.id)
      })
    },

    async restoreVersion(id, versionId) {
      return db.transaction('rw', tables(), async () => {
        const own = await ownLetterToChange(db, id)
        const version = await db.letterVersions.get(versionId)
        if (!version || version.letterId !== own.letter.id) throw new AppError('NOT_FOUND')
        const { type } = version.answers
        const details = storedDetails(type as LetterType, version.answers.details)
        return replaceText(
          own,
          'restored',
          {
            ...version.answers,
            ...replyFields(own.letter, type, details, storedReplyBy(type, version.replyBy)),
            content: version.content,
          },
          (base) => ['letters.restoreVersion', { id, restoredId: versionId, ...base }],
        )
      })
    },
  }
}
