import { AppError } from '@/domain/errors'
import { newId } from '@/domain/ids'
import { letterContentSchema, letterInputSchema } from '@/domain/letter-schema'
import type { Letter, LetterVersion } from '@/domain/types'
import { parseOrThrow } from '@/domain/validate'
import type { LetterheadDatabase } from '../database'
import type { LettersRepository } from '../repository'
import { type RepositoryContext, readTransaction, stamp } from './context'
import { ownLetter } from './own-letter'

type Versions = Pick<
  LettersRepository,
  'editContent' | 'replaceAnswers' | 'listVersions' | 'restoreVersion'
>

export function createLetterVersions({ db, clock }: RepositoryContext): Versions {
  const tables = () => [db.letters, db.letterVersions, db.session, db.users]

  /** Keeps the letter's current text as a previous version, then writes `changes`. */
  async function replaceText(
    letter: Letter,
    reason: LetterVersion['reason'],
    changes: Partial<Letter> & { content: string },
  ): Promise<Letter> {
    if (letter.status !== 'completed')
      throw new AppError('INVALID_INPUT', 'Only a finished letter can be changed.')
    const times = stamp(clock)
    const { type, senderName, senderAddress, recipientName, recipientAddress, matter, resolution } =
      letter
    await db.letterVersions.add({
      id: newId(),
      letterId: letter.id,
      content: letter.content,
      answers: {
        type,
        senderName,
        senderAddress,
        recipientName,
        recipientAddress,
        matter,
        resolution,
      },
      reason,
      ...times,
    })
    const updated: Letter = { ...letter, ...changes, updatedAt: times.updatedAt }
    await db.letters.put(updated)
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
        const letter = await ownLetter(db, id)
        if (letter.content === text) return letter
        return replaceText(letter, 'edited', { content: text })
      })
    },

    async replaceAnswers(id, input, { content, generator }) {
      const answers = parseOrThrow(letterInputSchema, input)
      const text = parseOrThrow(letterContentSchema, content)
      return db.transaction('rw', tables(), async () =>
        replaceText(await ownLetter(db, id), 'regenerated', {
          ...answers,
          content: text,
          generator,
        }),
      )
    },

    async listVersions(id) {
      return readTransaction(db, tables(), async () => {
        const letter = await ownLetter(db, id)
        return versionsOf(db, letter.id)
      })
    },

    async restoreVersion(id, versionId) {
      return db.transaction('rw', tables(), async () => {
        const letter = await ownLetter(db, id)
        const version = await db.letterVersions.get(versionId)
        if (!version || version.letterId !== letter.id) throw new AppError('NOT_FOUND')
        return replaceText(letter, 'restored', { ...version.answers, content: version.content })
      })
    },
  }
}
