import { ERROR_MESSAGES } from '@/domain/errors'
import { Button } from '@/ui/button'

/** Shown above the form, which stays usable for drafting, when no letter credit is left. */
export function NoLettersLeft({
  onChoosePlan,
  owed = 0,
}: {
  onChoosePlan: () => void
  /** Letters written beyond what was bought (two devices offline spent the same one). */
  owed?: number
}) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-brass-400 bg-brass-300/20 px-4 py-3"
    >
      <p className="font-medium">
        {owed > 0 ? ERROR_MESSAGES.LETTERS_OWED : ERROR_MESSAGES.NO_LETTERS_LEFT}
      </p>
      <Button onClick={onChoosePlan}>Choose a Plan</Button>
    </div>
  )
}
