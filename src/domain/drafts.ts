/**
 * Forms whose unsent answers are kept on the device as a draft, per account
 * (docs/decisions/037-form-drafts.md).
 */
export const DRAFT_FORMS = ['generate-letter'] as const
export type DraftForm = (typeof DRAFT_FORMS)[number]

/**
 * The most a draft may hold, as JSON characters. The Generate form's answers
 * at their limits come to under 30,000; a draft past this (a huge paste) is
 * refused, and the one saved before it stays.
 */
export const DRAFT_MAX_CHARS = 200_000
