import { forwardRef, type InputHTMLAttributes, useId } from 'react'
import { cn } from './cn'

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
  const generated = useId()
  const inputId = id ?? generated
  const messageId = `${inputId}-message`
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-ink-800 dark:text-ink-100">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        className={fieldClass(Boolean(error))}
        {...props}
      />
      {error ? (
        <p id={messageId} className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="text-sm text-ink-500 dark:text-ink-300">
          {hint}
        </p>
      ) : null}
    </div>
  )
})
