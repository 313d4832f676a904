import { toNestErrors } from '@hookform/resolvers'
import type { FieldError, Resolver } from 'react-hook-form'
import { type LetterInput, letterInputSchema } from '@/domain/letter-schema'
import type { LetterFormValues } from './letter-form-values'
import { toLetterInput } from './to-letter-input'

/** The field a schema message belongs to: the answer's own input, or the nearest one that holds it. */
function fieldFor(path: readonly PropertyKey[], fieldOf: Map<string, string>): string {
  const keys = path.map(String)
  for (let length = keys.length; length > 0; length--) {
    const field = fieldOf.get(keys.slice(0, length).join('.'))
    if (field) return field
  }
  const [first] = keys
  // The six answers are inputs of their own name; anything else is the form's to say.
  return first !== undefined && first !== 'details' ? first : 'root'
}

/**
 * Checks the form with the letter's own schema (the one the repository and
 * the server use) and hands the submit handler the letter's answers.
 */
export const letterFormResolver: Resolver<LetterFormValues, unknown, LetterInput> = (
  values,
  _context,
  options,
) => {
  const { input, fieldOf, problems } = toLetterInput(values)
  const result = letterInputSchema.safeParse(input)
  const errors: Record<string, FieldError> = {}
  for (const [field, message] of problems) errors[field] = { type: 'format', message }
  if (!result.success)
    for (const issue of result.error.issues) {
      const field = fieldFor(issue.path, fieldOf)
      errors[field] ??= { type: issue.code, message: issue.message }
    }
  if (result.success && Object.keys(errors).length === 0) {
    const answers: LetterInput = result.data
    return { values: answers, errors: {} }
  }
  return { values: {}, errors: toNestErrors(errors, options) }
}
