import { z } from '@/lib/zod'
import { contactMessageSchema } from './contact-schema'
import { formatCount } from '@/lib/format-count'

/**
 * What comes in for the admin (DESIGN.md §1): the contact form's messages,
 * from anyone, and the app's error reports, signed in or not. Both carry an
 * id the device drew, so one sent again (a retry after a lost answer, a queue
 * replayed after being offline) is stored once.
 */

export const INBOX_PATHS = {
  messages: '/api/messages',
  errors: '/api/errors',
} as const

/** The longest error report the server keeps; the device cuts its own to the same lengths. */
export const ERROR_REPORT_LIMITS = { message: 2_000, stack: 20_000, route: 2_000 } as const

/** The contact form's own schema (trimmed, visible text, a valid email), and the device's id. */
export const contactMessageRequestSchema = z.strictObject({
  ...contactMessageSchema.shape,
  id: z.uuid('id must be a UUID').optional(),
})
export type ContactMessageRequest = z.input<typeof contactMessageRequestSchema>

/** A report's text within its limit; a NUL (which no text column stores) becomes U+FFFD, so the report is kept. */
const bounded = (field: keyof typeof ERROR_REPORT_LIMITS) =>
  z
    .string()
    .max(
      ERROR_REPORT_LIMITS[field],
      `${field} must be at most ${formatCount(ERROR_REPORT_LIMITS[field])} characters`,
    )
    .transform((text) => text.replaceAll('\u0000', '\ufffd'))

export const errorReportRequestSchema = z.strictObject({
  id: z.uuid('id must be a UUID').optional(),
  message: bounded('message').refine((message) => message.trim() !== '', 'message is required'),
  stack: bounded('stack').default(''),
  route: bounded('route').default(''),
})
export type ErrorReportRequest = z.input<typeof errorReportRequestSchema>

/** The id the message or report is stored under. */
export const inboxReceiptSchema = z.object({ id: z.uuid() })
export type InboxReceipt = z.infer<typeof inboxReceiptSchema>
