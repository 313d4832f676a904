import type { LetterInput } from '@/domain/letter-schema'
import type { Letter } from '@/domain/types'

/** The row both baselines store for a new letter: the one the repository stores. */
export function newGeneratingLetter(
  userId: string,
  subscriptionId: string,
  input: LetterInput,
  at: string,
): Letter {
  return {
    id: crypto.randomUUID(),
    userId,
    subscriptionId,
    ...input,
    content: '',
    status: 'generating',
    generator: 'built-in',
    createdAt: at,
    updatedAt: at,
  }
}
