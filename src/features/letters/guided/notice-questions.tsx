import { useWatch } from 'react-hook-form'
import { NOTICE_KINDS } from '@/domain/letter-details'
import { daysOf, replyWithinOf } from './days-of'
import { ChoiceQuestion, DaysQuestion, TextQuestion } from './guided-fields'
import type { LetterFormValues } from './letter-form-values'
import { GuidedWarning } from './guided-warning'

/** Said when the reader is asked to reply before the contract's cure period has run out. */
export function curePeriodWarning(replyWithin: number, curePeriod: number): string | undefined {
  if (replyWithin >= curePeriod) return undefined
  return (
    `Reply Within is ${replyWithin} days, shorter than the ${curePeriod}-day cure period: ` +
    `the recipient may have the whole cure period to put things right. ` +
    `Consider giving at least ${curePeriod} days.`
  )
}

function CurePeriodWarning() {
  const [replyWithin, curePeriod] = useWatch<
    LetterFormValues,
    ['details.replyWithinDays', 'details.notice.curePeriodDays']
  >({ name: ['details.replyWithinDays', 'details.notice.curePeriodDays'] })
  const reply = replyWithinOf(replyWithin)
  const cure = daysOf(curePeriod)
  const warning =
    reply === undefined || cure === undefined ? undefined : curePeriodWarning(reply, cure)
  return warning ? <GuidedWarning>{warning}</GuidedWarning> : null
}

export function NoticeQuestions() {
  return (
    <>
      <ChoiceQuestion
        name="details.notice.noticeKind"
        label="Kind of Notice"
        hint="What this notice is."
        options={NOTICE_KINDS}
      />
      <TextQuestion
        name="details.notice.agreement"
        label="Contract or Obligation"
        hint="Such as the Lease of 12 High Street dated March 1, 2025."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextQuestion
          name="details.notice.clause"
          label="Clause"
          hint="The clause or section it relies on, such as 14.2."
        />
        <DaysQuestion
          name="details.notice.curePeriodDays"
          label="Cure Period (days)"
          hint="The days the contract gives to put a breach right."
        />
      </div>
      <CurePeriodWarning />
    </>
  )
}
