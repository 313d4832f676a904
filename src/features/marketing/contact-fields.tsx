import type { UseFormRegisterReturn } from 'react-hook-form'
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, CONTACT_SUBJECT_MAX } from '@/domain/contact-limits'
import { Button } from '@/ui/button'
import { FormAlert } from '@/ui/form-alert'
import { TextField } from '@/ui/text-field'
import { TextareaField } from '@/ui/textarea-field'
import { CONTACT } from './content'

export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const
export type ContactFieldName = (typeof CONTACT_FIELDS)[number]

export const CONTACT_FORM_CLASS = 'flex flex-col gap-5'

/** How a field is wired: to the form library, or plainly with a starting value. */
export type FieldBinding =
  UseFormRegisterReturn<ContactFieldName> | { name: ContactFieldName; defaultValue: string }

type ContactFormBodyProps = {
  bind: (name: ContactFieldName) => FieldBinding
  errors?: Partial<Record<ContactFieldName, string | undefined>>
  alert: string | null
  busy?: boolean
}

/** The contact form's alert, fields and button, the same in both of its stages (see contact-form.tsx). */
export function ContactFormBody({ bind, errors = {}, alert, busy = false }: ContactFormBodyProps) {
  return (
    <>
      <FormAlert message={alert} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Name"
          autoComplete="name"
          limit={CONTACT_NAME_MAX}
          required
          error={errors.name}
          {...bind('name')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={errors.email}
          {...bind('email')}
        />
      </div>
      <TextField
        label="Subject"
        limit={CONTACT_SUBJECT_MAX}
        required
        error={errors.subject}
        {...bind('subject')}
      />
      <TextareaField
        label="Message"
        rows={6}
        limit={CONTACT_MESSAGE_MAX}
        required
        error={errors.message}
        {...bind('message')}
      />
      <Button
        type="submit"
        disabled={busy}
        aria-busy={busy}
        className="min-h-12 self-start px-6 text-base"
      >
        {CONTACT.submit}
      </Button>
    </>
  )
}
