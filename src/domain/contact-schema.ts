import { z } from '@/lib/zod'
import { emailSchema } from './auth-schemas'

export const CONTACT_NAME_MAX = 120
export const CONTACT_SUBJECT_MAX = 200
export const CONTACT_MESSAGE_MAX = 5_000

export const contactMessageSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(CONTACT_NAME_MAX, `Name must be at most ${CONTACT_NAME_MAX} characters`),
  email: emailSchema,
  subject: z
    .string()
    .trim()
    .min(1, 'Subject is required')
    .max(CONTACT_SUBJECT_MAX, `Subject must be at most ${CONTACT_SUBJECT_MAX} characters`),
  message: z
    .string()
    .trim()
    .min(1, 'Message is required')
    .max(
      CONTACT_MESSAGE_MAX,
      `Message must be at most ${CONTACT_MESSAGE_MAX.toLocaleString('en-US')} characters`,
    ),
})

export type ContactMessageInput = z.input<typeof contactMessageSchema>
