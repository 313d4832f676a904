import { z } from '@/lib/zod'
import { emailSchema } from './auth-schemas'
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, CONTACT_SUBJECT_MAX } from './contact-limits'
import { visibleText } from './required-text'

export { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, CONTACT_SUBJECT_MAX } from './contact-limits'

export const contactMessageSchema = z.object({
  name: visibleText('Name', CONTACT_NAME_MAX),
  email: emailSchema,
  subject: visibleText('Subject', CONTACT_SUBJECT_MAX),
  message: visibleText('Message', CONTACT_MESSAGE_MAX),
})

export type ContactMessageInput = z.input<typeof contactMessageSchema>
