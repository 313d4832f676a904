import { asksForReply } from '@/domain/letter-details'
import { NO_REPLY_ASKED } from '@/domain/stored-details'
import type { MutationArgs } from '@/domain/sync'
import type { Db } from '../db/database'
import { type MutationContext, ownedLetter, updateLetter } from './letter-store'
import { MutationRefused } from './refusal'

/**
 * Where the reply to a letter stands (decision 030): the last state recorded
 * wins, as a setting does. The new version sends it to the user's other devices.
 */
export async function setReplyState(
  tx: Db,
  context: MutationContext,
  { id, state }: MutationArgs<'letters.setReplyState'>,
): Promise<boolean> {
  const letter = await ownedLetter(tx, context.userId, id)
  if (!asksForReply(letter.type)) throw new MutationRefused('INVALID_INPUT', NO_REPLY_ASKED)
  if (letter.replyState === state) return false
  await updateLetter(tx, letter.id, { replyState: state }, context.now)
  return true
}
