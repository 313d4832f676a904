import { useState } from 'react'
import { flushSync } from 'react-dom'
import { type FieldErrors, useForm } from 'react-hook-form'
import type { LetterInput } from '@/domain/letter-schema'
import { letterFormResolver } from './letter-form-resolver'
import type { LetterFormValues } from './letter-form-values'
import { hasMoreDetails, MORE_DETAILS_FIELDS } from './more-details'

/**
 * The letter form the Generate tab and the answers editor share: the six
 * answers and the guided questions, checked by the letter's schema, and
 * whether "More details" is open (it opens by itself on answers it holds).
 */
export function useLetterForm(defaults: LetterFormValues) {
  const form = useForm<LetterFormValues, unknown, LetterInput>({
    resolver: letterFormResolver,
    defaultValues: defaults,
  })
  const [moreOpen, setMoreOpen] = useState(() => hasMoreDetails(defaults.details))

  /** An answer to correct behind "More details" is shown before the form moves focus to it. */
  const onInvalid = (errors: FieldErrors<LetterFormValues>) => {
    if (MORE_DETAILS_FIELDS.some((key) => errors.details?.[key])) flushSync(() => setMoreOpen(true))
  }

  /** Starts the form again from `values`, as if they had been its first. */
  const resetTo = (values: LetterFormValues) => {
    form.reset(values)
    setMoreOpen((open) => open || hasMoreDetails(values.details))
  }

  /** Puts `values` in the form as typed answers: the form still knows how it started. */
  const restore = (values: LetterFormValues) => {
    form.reset(values, { keepDefaultValues: true })
    setMoreOpen((open) => open || hasMoreDetails(values.details))
  }

  return {
    form,
    moreOpen,
    restore,
    toggleMore: () => setMoreOpen((open) => !open),
    onInvalid,
    resetTo,
  }
}

export type LetterForm = ReturnType<typeof useLetterForm>
