import {
  CONTENT_MAX,
  GENERATION_ERROR_MAX,
  letterContentSchema,
  letterInputSchema,
} from '@/domain/letter-schema'
import type { MutationArgs } from '@/domain/sync'
import { z } from '@/lib/zod'
import type { Db } from '../db/database'
import { letters, letterVersions } from '../db/schema'
import { moveLetterCredit } from '../money/credits'
import { replyColumns } from './letter-details'
import {
  answersOf,
  letterOwnerOf,
  type MutationContext,
  nextVersion,
  ownedLetter,
  updateLetter,
} from './letter-store'
import { MutationRefused, notFound, parseOrRefuse } from './refusal'

/** The text of a letter not yet written (or abandoned): empty, or whatever the device kept. */
const draftContentSchema = z
  .string()
  .max(CONTENT_MAX, `Letter text must be at most ${CONTENT_MAX.toLocaleString('en-US')} characters`)

/**
 * Whether a letter with this id is already there: the user's own is this
 * mutation arriving again by another road (nothing to do), someone else's is
 * a letter this user may not know exists.
 */
async function alreadyThere(tx: Db, { userId }: MutationContext, id: string) {
  const owner = await letterOwnerOf(tx, id)
  if (owner !== undefined && owner !== userId) throw notFound()
  return owner !== undefined
}

export async function createLetter(
  tx: Db,
  context: MutationContext,
  { letter }: MutationArgs<'letters.create'>,
): Promise<boolean> {
  if (await alreadyThere(tx, context, letter.id)) return false
  await tx.insert(letters).values({
    id: letter.id,
    ownerId: context.userId,
    ...answersOf(letter),
    ...replyColumns(letter),
    content: '',
    status: 'generating',
    generator: letter.generator,
    subscriptionId: letter.subscriptionId ?? null,
    version: nextVersion(),
    createdAt: new Date(letter.createdAt),
    updatedAt: context.now,
  })
  await moveLetterCredit(
    tx,
    creditMove(context, letter.id, null, letter.subscriptionId),
    context.now,
  )
  return true
}

const creditMove = (
  { userId }: MutationContext,
  letterId: string,
  from: string | null | undefined,
  to: string | null | undefined,
) => ({ letterId, ownerId: userId, from: from ?? null, to: to ?? null })

/** Text that really exists beats another device's guess that the writing was abandoned. */
export async function completeLetter(
  tx: Db,
  context: MutationContext,
  args: MutationArgs<'letters.complete'>,
): Promise<boolean> {
  const letter = await ownedLetter(tx, context.userId, args.id)
  const content = parseOrRefuse(letterContentSchema, args.content)
  if (letter.status === 'completed') {
    throw new MutationRefused('INVALID_INPUT', 'This letter is completed already.')
  }
  const changes = { status: 'completed' as const, content, generator: args.generator, error: null }
  await updateLetter(tx, letter.id, { ...changes, contentClientId: context.clientId }, context.now)
  return true
}

/** A letter that is no longer being written has its outcome already: nothing to do, no refusal. */
export async function failLetter(
  tx: Db,
  context: MutationContext,
  args: MutationArgs<'letters.fail'>,
): Promise<boolean> {
  const letter = await ownedLetter(tx, context.userId, args.id)
  if (letter.status !== 'generating') return false
  const error = args.reason.slice(0, GENERATION_ERROR_MAX)
  // The credit goes back, as on the device.
  await updateLetter(tx, letter.id, { status: 'failed', error, subscriptionId: null }, context.now)
  await moveLetterCredit(
    tx,
    creditMove(context, letter.id, letter.subscriptionId, null),
    context.now,
  )
  return true
}

export async function restartLetter(
  tx: Db,
  context: MutationContext,
  args: MutationArgs<'letters.restart'>,
): Promise<boolean> {
  const letter = await ownedLetter(tx, context.userId, args.id)
  if (letter.status !== 'failed') {
    throw new MutationRefused('INVALID_INPUT', `This letter is ${letter.status}, not failed.`)
  }
  const subscriptionId = args.subscriptionId ?? letter.subscriptionId
  await updateLetter(
    tx,
    letter.id,
    { status: 'generating', error: null, subscriptionId },
    context.now,
  )
  await moveLetterCredit(
    tx,
    creditMove(context, letter.id, letter.subscriptionId, subscriptionId),
    context.now,
  )
  return true
}

/** A letter written before this device synced, with its previous versions, kept as it was. */
export async function uploadLetter(
  tx: Db,
  context: MutationContext,
  { letter, versions }: MutationArgs<'letters.upload'>,
): Promise<boolean> {
  if (await alreadyThere(tx, context, letter.id)) return false
  const answers = parseOrRefuse(letterInputSchema, answersOf(letter))
  const content = parseOrRefuse(
    letter.status === 'completed' ? letterContentSchema : draftContentSchema,
    letter.content,
  )
  const kept = versions.map((version, index) => {
    if (version.letterId !== letter.id) {
      throw new MutationRefused('INVALID_INPUT', `versions.${index}: belongs to another letter.`)
    }
    return {
      id: version.id,
      letterId: letter.id,
      ownerId: context.userId,
      content: parseOrRefuse(letterContentSchema, version.content),
      answers: parseOrRefuse(letterInputSchema, version.answers),
      replyBy: replyColumns({ ...version.answers, replyBy: version.replyBy }).replyBy,
      reason: version.reason,
      version: nextVersion(),
      createdAt: new Date(version.createdAt),
      updatedAt: new Date(version.updatedAt),
    }
  })
  await tx.insert(letters).values({
    id: letter.id,
    ownerId: context.userId,
    ...answers,
    ...replyColumns({ ...answers, replyBy: letter.replyBy, replyState: letter.replyState }),
    content,
    status: letter.status,
    generator: letter.generator,
    error: letter.error?.slice(0, GENERATION_ERROR_MAX) ?? null,
    subscriptionId: letter.subscriptionId ?? null,
    contentClientId: context.clientId,
    version: nextVersion(),
    createdAt: new Date(letter.createdAt),
    updatedAt: new Date(letter.updatedAt),
  })
  if (kept.length > 0) await tx.insert(letterVersions).values(kept)
  return true
}
