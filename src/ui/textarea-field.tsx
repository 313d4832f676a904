import { forwardRef, type TextareaHTMLAttributes } from 'react'
import { cn } from './cn'
import { FieldFrame } from './field-frame'
import { fieldClass } from './text-field'

type TextareaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string
  error?: string | undefined
  hint?: string
}

export const TextareaField = forwardRef<HTMLTextAreaElement, TextareaFieldProps>(
  function TextareaField({ label, error, hint, className, id, ...props }, ref) {
    return (
      <FieldFrame label={label} id={id} error={error} hint={hint} className={className}>
        {(control) => (
          <textarea
            ref={ref}
            {...control}
            className={cn(fieldClass(Boolean(error)), 'min-h-24')}
            {...props}
          />
        )}
      </FieldFrame>
    )
  },
)
