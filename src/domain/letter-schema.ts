import { z } from '@/lib/zod'
import { letterDetailsSchema } from './letter-details'
import { LETTER_TYPES } from './letter-types'
import { visibleText } from './required-text'
import { formatCount } from '@/lib/format-count'

export { LETTER_TYPES, type LetterType } from './letter-types'

export const NAME_MAX = 120
export const ADDRESS_MAX = 500
export const MATTER_MAX = 200
export const RESOLUTION_MAX = 4_000

export const letterInputSchema = z.object({
  type: z.enum(LETTER_TYPES, { message: 'Choose a letter type' }),
  senderName: visibleText('Your name', NAME_MAX),
  senderAddress: visibleText('Your address', ADDRESS_MAX),
  recipientName: visibleText('Recipient name', NAME_MAX),
  recipientAddress: visibleText('Recipient address', ADDRESS_MAX),
  matter: visibleText('Matter/Subject', MATTER_MAX),
  resolution: visibleText('Desired resolution', RESOLUTION_MAX),
  details: letterDetailsSchema.optional(),
})

export type LetterInput = z.input<typeof letterInputSchema>

export const CONTENT_MAX = 60_000

export const letterContentSchema = z
  .string()
  .refine((text) => text.trim().length > 0, 'Letter text cannot be empty')
  .refine(
    (text) => text.length <= CONTENT_MAX,
    `Letter text must be at most ${formatCount(CONTENT_MAX)} characters`,
  )

export const GENERATION_ERROR_MAX = 500
