import { type FieldPath, useFormContext, useFormState } from 'react-hook-form'
import type { LetterFormValues } from './letter-form-values'

export type LetterFieldName = FieldPath<LetterFormValues>

/** A question's input props and its message, from the letter form around it. */
export function useGuidedField(name: LetterFieldName) {
  const { register, getFieldState } = useFormContext<LetterFormValues>()
  const formState = useFormState<LetterFormValues>({ name })
  return { field: register(name), error: getFieldState(name, formState).error?.message }
}
