import { forwardRef, type TextareaHTMLAttributes } from 'react'
import { cn } from './cn'
import { FieldFrame } from './field-frame'
import { fieldClass } from './text-field'
import { useTextLength } from './use-text-length'

type TextareaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'maxLength'> & {
  label: string
  error?: string | undefined
  hint?: string | undefined
  /** The most characters the field's schema accepts: counted near it, never cut at it. */
  limit?: number | undefined
}

export const TextareaField = forwardRef<HTMLTextAreaElement, TextareaFieldProps>(
  function TextareaField(
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
          <textarea
            {...control}
            className={cn(fieldClass(control['aria-invalid'] === true), 'min-h-24')}
            {...props}
            ref={text.ref}
            onChange={text.onChange}
          />
        )}
      </FieldFrame>
    )
  },
)
