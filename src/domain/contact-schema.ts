import { z } from '@/lib/zod'
import { emailSchema } from './auth-schemas'
import { requiredText } from './required-text'

export const CONTACT_NAME_MAX = 120
export const CONTACT_SUBJECT_MAX = 200
export const CONTACT_MESSAGE_MAX = 5_000

export const contactMessageSchema = z.object({
  name: requiredText('Name', CONTACT_NAME_MAX),
  email: emailSchema,
  subject: requiredText('Subject', CONTACT_SUBJECT_MAX),
  message: requiredText('Message', CONTACT_MESSAGE_MAX),
})

export type ContactMessageInput = z.input<typeof contactMessageSchema>
