import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { useRepository } from '@/data/repository-context'
import { contactMessageSchema } from '@/domain/contact-schema'
import { isAppError } from '@/domain/errors'
import { loadToast } from '@/ui/lazy-toast'
import { CONTACT_FORM_CLASS, type ContactFieldName, ContactFormBody } from './contact-fields'
import { CONTACT } from './content'

type Values = z.input<typeof contactMessageSchema>
type Output = z.output<typeof contactMessageSchema>
const EMPTY: Values = { name: '', email: '', subject: '', message: '' }

/** What the visitor did before this form loaded, carried over so nothing is lost. */
export type ContactDraft = {
  values: Values
  focused: { name: ContactFieldName; start: number | null; end: number | null } | null
  submitAsked: boolean
}

/** Stores the visitor's message through the repository; on failure keeps every word they typed. */
export function ContactFormEngine({ draft }: { draft: ContactDraft }) {
  const repository = useRepository()
  const formRef = useRef<HTMLFormElement>(null)
  const [alert, setAlert] = useState<string | null>(null)
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(contactMessageSchema),
    defaultValues: draft.values,
  })
  const { errors, isSubmitting } = form.formState

  async function send(values: Output) {
    setAlert(null)
    try {
      await repository.messages.create(values)
      form.reset(EMPTY)
      void loadToast().then((toast) => toast.success(CONTACT.sent))
    } catch (error) {
      setAlert(isAppError(error) ? error.message : CONTACT.failed)
    }
  }

  // Once, on taking over: focus and caret where they were, and a submit asked for goes ahead.
  const resumed = useRef(false)
  useEffect(() => {
    if (resumed.current) return
    resumed.current = true
    const { focused, submitAsked } = draft
    if (focused) {
      const field = formRef.current?.elements.namedItem(focused.name)
      if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
        field.focus()
        if (focused.start !== null && focused.end !== null)
          field.setSelectionRange(focused.start, focused.end)
      }
    }
    if (submitAsked) void form.handleSubmit(send)()
  })

  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Contact"
      onSubmit={(event) => void form.handleSubmit(send)(event)}
      className={CONTACT_FORM_CLASS}
    >
      <ContactFormBody
        bind={(name) => form.register(name)}
        errors={{
          name: errors.name?.message,
          email: errors.email?.message,
          subject: errors.subject?.message,
          message: errors.message?.message,
        }}
        alert={alert}
        busy={isSubmitting}
      />
    </form>
  )
}
