import { AppError } from '@/domain/errors'
import type { Letter, User } from '@/domain/types'
import type { LetterheadDatabase } from '../database'
import type { SyncState } from '../sync-types'
import { readAsUser } from './context'
import { readSyncState } from './outbox'

type OwnLetter = { user: User; letter: Letter }

/** Someone else's letter does not exist for `user`. */
function owned(user: User, letter: Letter | undefined): OwnLetter {
  if (!letter || letter.userId !== user.id) throw new AppError('NOT_FOUND')
  return { user, letter }
}

/**
 * The signed-in user's letter `id`, with their user row, read side by side;
 * someone else's letter does not exist for them.
 */
export async function ownLetterOf(db: LetterheadDatabase, id: string): Promise<OwnLetter> {
  const { user, value: letter } = await readAsUser(db, ['user'], () => db.letters.get(id))
  return owned(user, letter)
}

/**
 * As `ownLetterOf`, for a write that records its mutation: the account's sync
 * state is read beside the letter, for `recordLetterChange`. Run it inside a
 * transaction that also holds `syncTables`.
 */
export async function ownLetterToChange(
  db: LetterheadDatabase,
  id: string,
): Promise<OwnLetter & { syncState: SyncState | undefined }> {
  const { user, value } = await readAsUser(db, ['user'], (userId) =>
    Promise.all([db.letters.get(id), readSyncState(db, userId)]),
  )
  const [letter, syncState] = value
  return { ...owned(user, letter), syncState }
}

export async function ownLetter(db: LetterheadDatabase, id: string): Promise<Letter> {
  return (await ownLetterOf(db, id)).letter
}
