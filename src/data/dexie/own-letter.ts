import { AppError } from '@/domain/errors'
import type { Letter, User } from '@/domain/types'
import type { LetterheadDatabase } from '../database'
import { requireRole } from './context'

/** The signed-in user's letter `id`, with their user row; someone else's letter does not exist for them. */
export async function ownLetterOf(
  db: LetterheadDatabase,
  id: string,
): Promise<{ user: User; letter: Letter }> {
  const user = await requireRole(db, ['user'])
  const letter = await db.letters.get(id)
  if (!letter || letter.userId !== user.id) throw new AppError('NOT_FOUND')
  return { user, letter }
}

export async function ownLetter(db: LetterheadDatabase, id: string): Promise<Letter> {
  return (await ownLetterOf(db, id)).letter
}
