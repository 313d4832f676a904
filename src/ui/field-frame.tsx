import { type ReactNode, useId } from 'react'
import { cn } from './cn'
import { characterCount } from './character-count'
import { CharacterCounter } from './character-counter'

type FieldFrameProps = {
  label: string
  id?: string | undefined
  error?: string | undefined
  hint?: string | undefined
  /** A field with a limit: its count shows near the limit and past it, and the text is never cut. */
  count?: { length: number; limit: number } | undefined
  className?: string | undefined
  /** Renders the control with the ids and ARIA attributes that tie it to its label and message. */
  children: (control: {
    id: string
    'aria-invalid': true | undefined
    'aria-describedby': string | undefined
  }) => ReactNode
}

/** A visible label, the control, and its error or hint and count, announced together. */
export function FieldFrame({
  label,
  id,
  error,
  hint,
  count,
  className,
  children,
}: FieldFrameProps) {
  const generated = useId()
  const inputId = id ?? generated
  const messageId = `${inputId}-message`
  const countId = `${inputId}-count`
  const band = count ? characterCount(count.length, count.limit).band : 'quiet'
  const describedBy = [error || hint ? messageId : null, band === 'quiet' ? null : countId]
    .filter(Boolean)
    .join(' ')
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-ink-800 dark:text-ink-100">
        {label}
      </label>
      {children({
        id: inputId,
        'aria-invalid': error || band === 'over' ? true : undefined,
        'aria-describedby': describedBy || undefined,
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
      {count ? <CharacterCounter id={countId} length={count.length} limit={count.limit} /> : null}
    </div>
  )
}
