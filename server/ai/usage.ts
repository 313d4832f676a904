import { randomUUID } from 'node:crypto'
import { type AiOutcome, aiUsage } from '../db/ai-schema'
import type { Db } from '../db/database'
import type { Attempt, Ticket } from './admission'
import { leave } from './queue'
import type { UpstreamUsage } from './upstream'

/** What an attempt that went in line cost, as `ai_usage` records it. */
export type AttemptEnd = {
  outcome: AiOutcome
  /** The API's own count, when it gave one. */
  usage: UpstreamUsage | undefined
  /** Characters sent and received, counted as tokens (4 to one) when the API gave no count. */
  promptChars: number
  replyChars: number
  ms: number
  queuedMs: number
}

/** About four characters to a token in English text: the estimate when the API gave no count. */
export const estimateTokens = (chars: number) => Math.ceil(chars / 4)

/**
 * Takes the attempt out of line and records it, in one transaction: a moment
 * where it is in neither would let one more attempt past the rate limit.
 */
export async function recordAttempt(db: Db, attempt: Attempt, ticket: Ticket, end: AttemptEnd) {
  await db.transaction(async (tx) => {
    await leave(tx, ticket.id)
    await tx.insert(aiUsage).values({
      id: randomUUID(),
      userId: attempt.userId,
      letterId: attempt.letterId,
      model: attempt.model,
      tokensIn: end.usage?.tokensIn ?? estimateTokens(end.promptChars),
      tokensOut: end.usage?.tokensOut ?? estimateTokens(end.replyChars),
      tokensEstimated: end.usage === undefined,
      ms: Math.max(0, Math.round(end.ms)),
      queuedMs: Math.max(0, Math.round(end.queuedMs)),
      outcome: end.outcome,
      createdAt: attempt.arrivedAt,
    })
  })
}
