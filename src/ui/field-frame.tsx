import { type ReactNode, useId } from 'react'
import { cn } from './cn'

type FieldFrameProps = {
  label: string
  id?: string | undefined
  error?: string | undefined
  hint?: string | undefined
  className?: string | undefined
  /** Renders the control with the ids and ARIA attributes that tie it to its label and message. */
  children: (control: {
    id: string
    'aria-invalid': true | undefined
    'aria-describedby': string | undefined
  }) => ReactNode
}

/** A visible label, the control, and its error or hint, announced together. */
export function FieldFrame({ label, id, error, hint, className, children }: FieldFrameProps) {
  const generated = useId()
  const inputId = id ?? generated
  const messageId = `${inputId}-message`
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-ink-800 dark:text-ink-100">
        {label}
      </label>
      {children({
        id: inputId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error || hint ? messageId : undefined,
      })}
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
}
