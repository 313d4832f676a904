import { forwardRef, type InputHTMLAttributes } from 'react'
import { cn } from './cn'
import { FieldFrame } from './field-frame'
import { useTextLength } from './use-text-length'

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'maxLength'> & {
  label: string
  error?: string | undefined
  hint?: string | undefined
  /** The most characters the field's schema accepts: counted near it, never cut at it. */
  limit?: number | undefined
}

export const fieldClass = (invalid: boolean) =>
  cn(
    'w-full rounded-md border bg-white px-3 py-2 text-base text-ink-900 shadow-sm placeholder:text-ink-300 dark:bg-ink-900 dark:text-ink-50',
    invalid ? 'border-red-600 dark:border-red-400' : 'border-ink-200 dark:border-ink-600',
  )

/** A labelled input whose error and count are announced and tied to it. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, limit, className, id, onChange, ...props },
  forwarded,
) {
  const text = useTextLength(forwarded, onChange)
  return (
    <FieldFrame
      label={label}
      id={id}
      error={error}
      hint={hint}
      count={limit === undefined ? undefined : { length: text.length, limit }}
      className={className}
    >
      {(control) => (
        <input
          {...control}
          className={fieldClass(control['aria-invalid'] === true)}
          {...props}
          ref={text.ref}
          onChange={text.onChange}
        />
      )}
    </FieldFrame>
  )
})
