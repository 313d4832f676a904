import { z } from '@/lib/zod'

export const LETTER_TYPES = [
  'Demand Letter',
  'Cease and Desist',
  'Legal Notice',
  'Business Letter',
  'Recommendation Letter',
  'Corporate Document',
] as const
export type LetterType = (typeof LETTER_TYPES)[number]

export const NAME_MAX = 120
export const ADDRESS_MAX = 500
export const MATTER_MAX = 200
export const RESOLUTION_MAX = 4_000

/** Something a reader can see: not only control, formatting or space characters. */
export const hasVisibleText = (text: string) => /[^\p{C}\p{Z}]/u.test(text)

const requiredText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters`)
    .refine(hasVisibleText, `${label} must contain visible text`)

export const letterInputSchema = z.object({
  type: z.enum(LETTER_TYPES, { message: 'Choose a letter type' }),
  senderName: requiredText('Your name', NAME_MAX),
  senderAddress: requiredText('Your address', ADDRESS_MAX),
  recipientName: requiredText('Recipient name', NAME_MAX),
  recipientAddress: requiredText('Recipient address', ADDRESS_MAX),
  matter: requiredText('Matter/Subject', MATTER_MAX),
  resolution: requiredText('Desired resolution', RESOLUTION_MAX),
})

export type LetterInput = z.input<typeof letterInputSchema>

export const CONTENT_MAX = 60_000

export const letterContentSchema = z
  .string()
  .refine((text) => text.trim().length > 0, 'Letter text cannot be empty')
  .refine(
    (text) => text.length <= CONTENT_MAX,
    `Letter text must be at most ${CONTENT_MAX.toLocaleString('en-US')} characters`,
  )

export const GENERATION_ERROR_MAX = 500
