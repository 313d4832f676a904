import { answersOf } from '@/domain/letter-answers'
import type { MutationArgs, SyncedLetter, SyncedVersion } from '@/domain/sync'
import type { Letter, LetterVersion } from '@/domain/types'

/** A pulled letter as this device stores it, keeping what only this device knows about it. */
export function localLetter(row: SyncedLetter, existing: Letter | undefined): Letter {
  const letter: Letter = { ...row }
  if (existing?.syncIssue) letter.syncIssue = existing.syncIssue
  // A letter this device did not have was written elsewhere, perhaps still being written there.
  if (!existing || existing.fromAnotherDevice) letter.fromAnotherDevice = true
  return letter
}

export const localVersion = (row: SyncedVersion): LetterVersion => ({ ...row })

/** A letter this device has that the account does not yet: the mutation that uploads it. */
export function uploadOf(
  letter: Letter,
  versions: readonly LetterVersion[],
): MutationArgs<'letters.upload'> {
  const answers = answersOf(letter)
  return {
    letter: {
      id: letter.id,
      ...answers,
      type: answers.type as SyncedLetter['type'],
      content: letter.content,
      status: letter.status,
      generator: letter.generator,
      ...(letter.error === undefined ? {} : { error: letter.error }),
      ...(letter.subscriptionId === undefined ? {} : { subscriptionId: letter.subscriptionId }),
      ...(letter.replyBy === undefined ? {} : { replyBy: letter.replyBy }),
      ...(letter.replyState === undefined ? {} : { replyState: letter.replyState }),
      createdAt: letter.createdAt,
      updatedAt: letter.updatedAt,
    },
    versions: versions.map((version) => ({
      id: version.id,
      letterId: version.letterId,
      content: version.content,
      answers: { ...version.answers, type: version.answers.type as SyncedLetter['type'] },
      ...(version.replyBy === undefined ? {} : { replyBy: version.replyBy }),
      reason: version.reason,
      createdAt: version.createdAt,
      updatedAt: version.updatedAt,
    })),
  }
}
