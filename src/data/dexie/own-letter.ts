import { AppError } from '@/domain/errors'
import type { Letter } from '@/domain/types'
import type { LetterheadDatabase } from '../database'
import { requireRole } from './context'

/** The signed-in user's letter `id`; someone else's letter does not exist for them. */
export async function ownLetter(db: LetterheadDatabase, id: string): Promise<Letter> {
  const user = await requireRole(db, ['user'])
  const letter = await db.letters.get(id)
  if (!letter || letter.userId !== user.id) throw new AppError('NOT_FOUND')
  return letter
}
