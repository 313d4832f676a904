import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import type { z } from 'zod'
import { useRepository } from '@/data/repository-context'
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  CONTACT_SUBJECT_MAX,
  contactMessageSchema,
} from '@/domain/contact-schema'
import { isAppError } from '@/domain/errors'
import { Button } from '@/ui/button'
import { FormAlert } from '@/ui/form-alert'
import { TextField } from '@/ui/text-field'
import { CONTACT } from './content'
import { TextareaField } from '@/ui/textarea-field'

type Values = z.input<typeof contactMessageSchema>
const EMPTY: Values = { name: '', email: '', subject: '', message: '' }

/** Stores the visitor's message through the repository; on failure keeps every word they typed. */
export function ContactForm() {
  const repository = useRepository()
  const [alert, setAlert] = useState<string | null>(null)
  const form = useForm<Values, unknown, z.output<typeof contactMessageSchema>>({
    resolver: zodResolver(contactMessageSchema),
    defaultValues: EMPTY,
  })
  const { errors, isSubmitting } = form.formState

  async function send(values: z.output<typeof contactMessageSchema>) {
    setAlert(null)
    try {
      await repository.messages.create(values)
      form.reset(EMPTY)
      toast.success(CONTACT.sent)
    } catch (error) {
      setAlert(isAppError(error) ? error.message : CONTACT.failed)
    }
  }

  return (
    <form
      noValidate
      aria-label="Contact"
      onSubmit={(event) => void form.handleSubmit(send)(event)}
      className="flex flex-col gap-5"
    >
      <FormAlert message={alert} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Name"
          autoComplete="name"
          maxLength={CONTACT_NAME_MAX}
          required
          error={errors.name?.message}
          {...form.register('name')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...form.register('email')}
        />
      </div>
      <TextField
        label="Subject"
        maxLength={CONTACT_SUBJECT_MAX}
        required
        error={errors.subject?.message}
        {...form.register('subject')}
      />
      <TextareaField
        label="Message"
        rows={6}
        maxLength={CONTACT_MESSAGE_MAX}
        required
        error={errors.message?.message}
        {...form.register('message')}
      />
      <Button
        type="submit"
        disabled={isSubmitting}
        aria-busy={isSubmitting}
        className="min-h-12 self-start px-6 text-base"
      >
        {CONTACT.submit}
      </Button>
    </form>
  )
}
