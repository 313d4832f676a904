import { CornerDownRight } from 'lucide-react'
import { useFormContext, useWatch } from 'react-hook-form'
import { asksForReply } from '@/domain/letter-details'
import { formatDay } from '@/domain/letter-format'
import { Button } from '@/ui/button'
import type { LetterFormValues } from './letter-form-values'

/** Says which earlier letter this one follows up, as the letter will cite it; it can be let go. */
export function FollowUpNote() {
  const { setValue } = useFormContext<LetterFormValues>()
  const [type, followUp] = useWatch<LetterFormValues, ['type', 'details.followUp']>({
    name: ['type', 'details.followUp'],
  })
  // Only the types that ask for a reply cite an earlier letter; the others leave it out.
  if (!followUp || !asksForReply(type)) return null
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-brass-300 bg-paper px-3 py-2 text-sm text-ink-900 dark:border-brass-600 dark:bg-ink-800 dark:text-ink-50">
      <p className="flex items-center gap-2">
        <CornerDownRight aria-hidden className="size-4 shrink-0" />
        <span>
          Follow-up to your letter of {formatDay(followUp.date)}
          {followUp.reference ? ` (reference ${followUp.reference})` : ''}
        </span>
      </p>
      <Button
        variant="ghost"
        onClick={() => setValue('details.followUp', null, { shouldDirty: true })}
      >
        Not a follow-up
      </Button>
    </div>
  )
}
