import { forwardRef, type InputHTMLAttributes } from 'react'
import { cn } from './cn'
import { FieldFrame } from './field-frame'

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string
  error?: string | undefined
  hint?: string
}

export const fieldClass = (invalid: boolean) =>
  cn(
    'w-full rounded-md border bg-white px-3 py-2 text-base text-ink-900 shadow-sm placeholder:text-ink-300 dark:bg-ink-900 dark:text-ink-50',
    invalid ? 'border-red-600 dark:border-red-400' : 'border-ink-200 dark:border-ink-600',
  )

/** A labelled input whose error is announced and tied to it. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, className, id, ...props },
  ref,
) {
  return (
    <FieldFrame label={label} id={id} error={error} hint={hint} className={className}>
      {(control) => (
        <input ref={ref} {...control} className={fieldClass(Boolean(error))} {...props} />
      )}
    </FieldFrame>
  )
})
