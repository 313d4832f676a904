import { Plus, X } from 'lucide-react'
import { useFieldArray, useFormContext } from 'react-hook-form'
import { LIST_MAX } from '@/domain/letter-details'
import { Button } from '@/ui/button'
import type { LetterFormValues } from './letter-form-values'
import { TextQuestion } from './guided-fields'

type DateListName = 'details.demand.dueDates' | 'details.demand.previousRequests'

type DateListQuestionProps = {
  name: DateListName
  label: string
  hint: string
  /** The add button's name, which says which list it grows: "Add another due date". */
  addLabel: string
}

/** One or more days (a date input each), as many as a letter lists. */
export function DateListQuestion({ name, label, hint, addLabel }: DateListQuestionProps) {
  const { control } = useFormContext<LetterFormValues>()
  const { fields, append, remove } = useFieldArray({ control, name })
  const labelOf = (index: number) => (index === 0 ? label : `${label} (${index + 1})`)
  return (
    <div className="flex flex-col gap-3">
      {fields.map((entry, index) => (
        <div key={entry.id} className="flex items-end gap-2">
          <TextQuestion
            name={`${name}.${index}.day`}
            label={labelOf(index)}
            hint={index === 0 ? hint : undefined}
            type="date"
            className="flex-1"
          />
          {index > 0 ? (
            <Button
              variant="ghost"
              aria-label={`Remove ${labelOf(index)}`}
              onClick={() => remove(index)}
            >
              <X aria-hidden className="size-4" />
            </Button>
          ) : null}
        </div>
      ))}
      {fields.length < LIST_MAX ? (
        <div>
          <Button variant="secondary" onClick={() => append({ day: '' })}>
            <Plus aria-hidden className="size-4" />
            {addLabel}
          </Button>
        </div>
      ) : null}
    </div>
  )
}
