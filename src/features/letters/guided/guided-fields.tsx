import { useId } from 'react'
import { RADIO_CLASS } from '@/ui/radio'
import { FieldFrame } from '@/ui/field-frame'
import { fieldClass, TextField } from '@/ui/text-field'
import { TextareaField } from '@/ui/textarea-field'
import { type LetterFieldName, useGuidedField } from './use-guided-field'

type QuestionProps = { name: LetterFieldName; label: string; hint?: string }

/**
 * A one-line answer; `type` and the other input attributes pass through (date,
 * time, tel…). Answers the details schema limits count down to their limit.
 */
export function TextQuestion({
  name,
  label,
  hint,
  ...input
}: QuestionProps & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'name' | 'maxLength'>) {
  const { field, error, limit } = useGuidedField(name)
  return <TextField label={label} hint={hint} error={error} limit={limit} {...input} {...field} />
}

export function PassageQuestion({
  name,
  label,
  hint,
  rows = 3,
}: QuestionProps & { rows?: number }) {
  const { field, error, limit } = useGuidedField(name)
  return (
    <TextareaField label={label} hint={hint} error={error} rows={rows} limit={limit} {...field} />
  )
}

/** A list typed one item a line. */
export function LinesQuestion({ name, label, hint }: QuestionProps) {
  const { field, error } = useGuidedField(name)
  return (
    <TextareaField
      label={label}
      hint={hint ? `${hint} One per line.` : 'One per line.'}
      error={error}
      rows={3}
      {...field}
    />
  )
}

/** Days as a whole number, 1 to 365. */
export function DaysQuestion({ name, label, hint }: QuestionProps) {
  const { field, error } = useGuidedField(name)
  return (
    <TextField
      label={label}
      hint={hint}
      error={error}
      type="number"
      inputMode="numeric"
      min={1}
      max={365}
      step={1}
      {...field}
    />
  )
}

/** A choice from a list, with "Not stated" for a question left unanswered. */
export function ChoiceQuestion({
  name,
  label,
  hint,
  options,
  unstated = 'Not stated',
}: QuestionProps & { options: readonly string[]; unstated?: string | null }) {
  const { field, error } = useGuidedField(name)
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {(control) => (
        <select {...control} className={fieldClass(Boolean(error))} {...field}>
          {unstated === null ? null : <option value="">{unstated}</option>}
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  )
}

export function CheckboxQuestion({ name, label, hint }: QuestionProps) {
  const { field, error } = useGuidedField(name)
  const id = useId()
  const messageId = `${id}-message`
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="checkbox"
          className={RADIO_CLASS}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? messageId : undefined}
          {...field}
        />
        <label htmlFor={id} className="text-sm font-medium text-ink-800 dark:text-ink-100">
          {label}
        </label>
      </div>
      {error || hint ? (
        <p
          id={messageId}
          className={
            error
              ? 'text-sm text-red-700 dark:text-red-300'
              : 'text-sm text-ink-500 dark:text-ink-300'
          }
        >
          {error ?? hint}
        </p>
      ) : null}
    </div>
  )
}
