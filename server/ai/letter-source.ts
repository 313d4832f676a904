import { and, eq, isNull } from 'drizzle-orm'
import { AppError } from '@/domain/errors'
import type { CalendarDay } from '@/domain/letter-details'
import type { LetterRequest } from '@/domain/letter-writing/request'
import type { Db } from '../db/database'
import { letters } from '../db/schema'

export type LetterSource = {
  request: LetterRequest
  createdAt: Date
  /** The writer's calendar day a reply is due by, for the types that ask for one (decision 030). */
  replyBy: CalendarDay | undefined
}

/**
 * The answers a letter was asked with, as the device holds them: only the
 * user's own letter, and not one they deleted. Any other id is NOT_FOUND, the
 * same as one that does not exist, so ids of other people's letters cannot be
 * told apart from made-up ones.
 */
export async function ownLetter(db: Db, userId: string, letterId: string): Promise<LetterSource> {
  const [row] = await db
    .select({
      type: letters.type,
      senderName: letters.senderName,
      senderAddress: letters.senderAddress,
      recipientName: letters.recipientName,
      recipientAddress: letters.recipientAddress,
      matter: letters.matter,
      resolution: letters.resolution,
      details: letters.details,
      replyBy: letters.replyBy,
      createdAt: letters.createdAt,
    })
    .from(letters)
    .where(and(eq(letters.id, letterId), eq(letters.ownerId, userId), isNull(letters.deletedAt)))
  if (!row) throw new AppError('NOT_FOUND', 'That letter does not exist.')
  const { createdAt, replyBy, details, ...answers } = row
  return {
    request: { ...answers, ...(details ? { details } : {}) },
    createdAt,
    replyBy: replyBy ?? undefined,
  }
}
