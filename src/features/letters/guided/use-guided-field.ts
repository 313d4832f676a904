import { type FieldPath, useFormContext, useFormState } from 'react-hook-form'
import { detailTextLimit } from '@/domain/letter-details-limits'
import type { LetterFormValues } from './letter-form-values'

export type LetterFieldName = FieldPath<LetterFormValues>

/** A question's input props, its message and its length limit, from the letter form around it. */
export function useGuidedField(name: LetterFieldName) {
  const { register, getFieldState } = useFormContext<LetterFormValues>()
  const formState = useFormState<LetterFormValues>({ name })
  return {
    field: register(name),
    error: getFieldState(name, formState).error?.message,
    limit: detailTextLimit(name),
  }
}
