import { useWatch } from 'react-hook-form'
import { asksForReply } from '@/domain/letter-details'
import { TextQuestion } from './guided-fields'
import type { LetterFormValues } from './letter-form-values'
import { MoreDetails } from './more-details'
import { ReplyNotes, ReplyWithinQuestion } from './reply-questions'
import { strongerWith } from './stronger-with'
import { TypeQuestions } from './type-questions'

type GuidedQuestionsProps = { moreOpen: boolean; onToggleMore: () => void }

/** What the reader still misses, said as advice: every guided answer is optional. */
function StrongerWith() {
  const [type, details] = useWatch<LetterFormValues, ['type', 'details']>({
    name: ['type', 'details'],
  })
  const advice = strongerWith(type, details)
  return (
    <p className="text-sm text-ink-600 dark:text-ink-300">
      Optional answers that put the facts in your letter.
      {advice ? (
        <span className="mt-1 block font-medium text-ink-800 dark:text-ink-100">{advice}</span>
      ) : null}
    </p>
  )
}

/**
 * The guided questions of the chosen letter type ("Make it stronger"), then
 * the extras every letter may carry behind "More details".
 */
export function GuidedQuestions({ moreOpen, onToggleMore }: GuidedQuestionsProps) {
  const type = useWatch<LetterFormValues, 'type'>({ name: 'type' })
  const asking = asksForReply(type)
  return (
    <div className="flex flex-col gap-5">
      <fieldset className="flex flex-col gap-4 rounded-lg border border-ink-100 p-4 dark:border-ink-800">
        <legend className="px-1 font-serif text-lg font-semibold">Make it stronger</legend>
        <StrongerWith />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextQuestion
            name="details.reference"
            label="Reference Number"
            hint="Your invoice, account, policy or case number, if there is one."
          />
          {asking ? <ReplyWithinQuestion demand={type === 'Demand Letter'} /> : null}
        </div>
        {asking ? <ReplyNotes demand={type === 'Demand Letter'} /> : null}
        <TypeQuestions type={type} />
      </fieldset>
      <MoreDetails open={moreOpen} onToggle={onToggleMore} />
    </div>
  )
}
