import { and, eq, isNull } from 'drizzle-orm'
import { letterContentSchema } from '@/domain/letter-schema'
import type { MutationArgs } from '@/domain/sync'
import type { Db } from '../db/database'
import { letterVersions } from '../db/schema'
import { replyColumns } from './letter-details'
import {
  answersOf,
  answersOfRow,
  type LetterRow,
  type MutationContext,
  nextVersion,
  ownedLetter,
  updateLetter,
  type VersionRow,
} from './letter-store'
import { MutationRefused, notFound, parseOrRefuse } from './refusal'

type TextChange = { versionId: string; baseVersion: number; reason: VersionRow['reason'] }

/**
 * Every text change keeps the current text as a previous version (with the id
 * the device chose), then writes the pushed text: the later push wins and no
 * text is lost. When the letter moved past the version the device had and its
 * text was last written by another client, this device had not seen that text,
 * and the letter says it was edited elsewhere (decision 021, Conflicts on text).
 */
async function replaceText(
  tx: Db,
  context: MutationContext,
  letter: LetterRow,
  { versionId, baseVersion, reason }: TextChange,
  changes: Partial<LetterRow> & { content: string },
): Promise<boolean> {
  if (letter.status !== 'completed') {
    throw new MutationRefused('INVALID_INPUT', 'Only a finished letter can be changed.')
  }
  await tx.insert(letterVersions).values({
    id: versionId,
    letterId: letter.id,
    ownerId: context.userId,
    content: letter.content,
    answers: answersOfRow(letter),
    // The day the text states goes with it, so a restore brings back the deadline it names.
    replyBy: letter.replyBy,
    reason,
    version: nextVersion(),
    createdAt: context.now,
    updatedAt: context.now,
  })
  const unseen = letter.version > baseVersion && letter.contentClientId !== context.clientId
  await updateLetter(
    tx,
    letter.id,
    {
      ...changes,
      contentClientId: context.clientId,
      ...(unseen ? { editedElsewhereAt: context.now } : {}),
    },
    context.now,
  )
  return true
}

export async function editContent(
  tx: Db,
  context: MutationContext,
  { id, content, versionId, baseVersion }: MutationArgs<'letters.editContent'>,
): Promise<boolean> {
  const letter = await ownedLetter(tx, context.userId, id)
  const text = parseOrRefuse(letterContentSchema, content)
  return replaceText(
    tx,
    context,
    letter,
    { versionId, baseVersion, reason: 'edited' },
    { content: text },
  )
}

export async function replaceAnswers(
  tx: Db,
  context: MutationContext,
  args: MutationArgs<'letters.replaceAnswers'>,
): Promise<boolean> {
  const letter = await ownedLetter(tx, context.userId, args.id)
  const content = parseOrRefuse(letterContentSchema, args.content)
  const { versionId, baseVersion, input, replyBy } = args
  return replaceText(
    tx,
    context,
    letter,
    { versionId, baseVersion, reason: 'regenerated' },
    {
      ...answersOf(input),
      // A device older than the questions sends no details or day: the new text has neither.
      ...replyColumns({ ...input, replyBy, replyState: letter.replyState }),
      content,
      generator: args.generator,
    },
  )
}

export async function restoreVersion(
  tx: Db,
  context: MutationContext,
  { id, restoredId, versionId, baseVersion }: MutationArgs<'letters.restoreVersion'>,
): Promise<boolean> {
  const letter = await ownedLetter(tx, context.userId, id)
  const [restored] = await tx
    .select()
    .from(letterVersions)
    .where(
      and(
        eq(letterVersions.id, restoredId),
        eq(letterVersions.letterId, letter.id),
        isNull(letterVersions.deletedAt),
      ),
    )
  if (!restored) throw notFound()
  return replaceText(
    tx,
    context,
    letter,
    { versionId, baseVersion, reason: 'restored' },
    {
      ...answersOf(restored.answers),
      ...replyColumns({
        ...restored.answers,
        replyBy: restored.replyBy,
        replyState: letter.replyState,
      }),
      content: restored.content,
    },
  )
}
