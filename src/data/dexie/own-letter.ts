import { AppError } from '@/domain/errors'
import type { Letter, User } from '@/domain/types'
import type { LetterheadDatabase } from '../database'
import { readAsUser } from './context'

/**
 * The signed-in user's letter `id`, with their user row, read side by side;
 * someone else's letter does not exist for them.
 */
export async function ownLetterOf(
  db: LetterheadDatabase,
  id: string,
): Promise<{ user: User; letter: Letter }> {
  const { user, value: letter } = await readAsUser(db, ['user'], () => db.letters.get(id))
  if (!letter || letter.userId !== user.id) throw new AppError('NOT_FOUND')
  return { user, letter }
}

export async function ownLetter(db: LetterheadDatabase, id: string): Promise<Letter> {
  return (await ownLetterOf(db, id)).letter
}
