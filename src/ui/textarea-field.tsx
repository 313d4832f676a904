import { forwardRef, type TextareaHTMLAttributes, useId } from 'react'
import { cn } from './cn'
import { fieldClass } from './text-field'

type TextareaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string
  error?: string | undefined
  hint?: string
}

export const TextareaField = forwardRef<HTMLTextAreaElement, TextareaFieldProps>(
  function TextareaField({ label, error, hint, className, id, ...props }, ref) {
    const generated = useId()
    const inputId = id ?? generated
    const messageId = `${inputId}-message`
    return (
      <div className={cn('flex flex-col gap-1', className)}>
        <label htmlFor={inputId} className="text-sm font-medium text-ink-800 dark:text-ink-100">
          {label}
        </label>
        <textarea
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? messageId : undefined}
          className={cn(fieldClass(Boolean(error)), 'min-h-24')}
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
  },
)
