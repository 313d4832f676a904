import { z } from '@/lib/zod'
import { letterInputSchema } from './letter-schema'

/**
 * AI through the Letterhead server (DESIGN.md §9, decision 031): shared by the
 * server, which validates and serializes with these schemas, and the app, which
 * reads the answers and the event stream with them.
 */

export const AI_PATHS = {
  status: '/api/ai/status',
  generate: '/api/ai/generate',
  adminUsage: '/api/admin/ai-usage',
} as const

/** Whether the server writes letters with a model; never its address or key. */
export const aiStatusSchema = z.object({
  available: z.boolean(),
  model: z.string().optional(),
})
export type AiStatus = z.infer<typeof aiStatusSchema>

export const aiGenerateRequestSchema = z.strictObject({
  letterId: z.uuid('letterId must be the id of one of your letters'),
  /**
   * The device's calendar day the letter is dated (`2026-11-25`), so the
   * server dates it as the device would; without it, the UTC day the letter was
   * created. It may be from the letter's creation day anywhere on Earth to today.
   */
  letterDate: z.iso.date('letterDate must be a calendar day such as 2026-11-25').optional(),
  /**
   * New answers for the letter, when it is being written again from answers
   * not yet saved (Change Answers); without them, the letter's saved answers.
   */
  answers: letterInputSchema.optional(),
})
export type AiGenerateRequest = z.infer<typeof aiGenerateRequestSchema>

/**
 * The events of `POST /api/ai/generate`'s stream, in order: `queued` while
 * waiting for a slot (each time the position changes; 1 is next), `started`
 * once writing begins, `text` for each piece the model writes (raw, before the
 * output guard), then exactly one of `done` (the cleaned letter) or `error`.
 */
export const AI_EVENT_SCHEMAS = {
  queued: z.object({ position: z.number().int().positive() }),
  started: z.object({ model: z.string() }),
  text: z.object({ text: z.string() }),
  done: z.object({
    /** The letter as the output guard cleaned it: what the device stores. */
    text: z.string(),
    /** Facts in the letter that trace to nothing the person gave, for them to check. */
    untraced: z.array(z.string()),
    model: z.string(),
  }),
  error: z.object({ code: z.string(), message: z.string() }),
} as const
export type AiEventName = keyof typeof AI_EVENT_SCHEMAS
export type AiEvent = {
  [Name in AiEventName]: { event: Name; data: z.infer<(typeof AI_EVENT_SCHEMAS)[Name]> }
}[AiEventName]

export const AI_USAGE_DAYS_MAX = 366

export const aiUsageQuerySchema = z.strictObject({
  days: z.coerce
    .number()
    .int(`days must be a whole number from 1 to ${AI_USAGE_DAYS_MAX}`)
    .min(1, `days must be a whole number from 1 to ${AI_USAGE_DAYS_MAX}`)
    .max(AI_USAGE_DAYS_MAX, `days must be a whole number from 1 to ${AI_USAGE_DAYS_MAX}`)
    .default(30),
})

const count = z.number().int().nonnegative()

/** What attempts came to: `letters` written, `failures` (model errors, timeouts, refused output). */
const usageTotals = {
  attempts: count,
  letters: count,
  failures: count,
  cancelled: count,
  /** Attempts turned away by the rate limit or the daily budget. */
  turnedAway: count,
  tokensIn: count,
  tokensOut: count,
}

export const aiUsageReportSchema = z.object({
  /** The first and last UTC day of the range, today included. */
  from: z.iso.date(),
  to: z.iso.date(),
  /** Every day of the range, oldest first, days without attempts at zero. */
  days: z.array(z.object({ day: z.iso.date(), ...usageTotals })),
  /** The users who spent the most tokens in the range, most first (at most 20). */
  users: z.array(
    z.object({ userId: z.uuid(), email: z.string(), fullName: z.string(), ...usageTotals }),
  ),
})
export type AiUsageReport = z.infer<typeof aiUsageReportSchema>
