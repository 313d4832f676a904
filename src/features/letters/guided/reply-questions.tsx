import { useWatch } from 'react-hook-form'
import { noticePeriodFor, noticePeriodWarning } from '@/domain/notice-periods'
import { replyWithinOf } from './days-of'
import { CheckboxQuestion, DaysQuestion } from './guided-fields'
import { GuidedWarning } from './guided-warning'
import type { LetterFormValues } from './letter-form-values'

/**
 * A demand letter giving less time than its state's consumer protection law
 * requires before a claim: the law's own words, one link away.
 */
function NoticePeriodWarning() {
  const [country, region, replyWithin] = useWatch<
    LetterFormValues,
    ['details.country', 'details.region', 'details.replyWithinDays']
  >({ name: ['details.country', 'details.region', 'details.replyWithinDays'] })
  const period = noticePeriodFor(country, region)
  const days = replyWithinOf(replyWithin)
  const warning = period && days !== undefined ? noticePeriodWarning(period, days) : undefined
  if (!period || !warning) return null
  return (
    <GuidedWarning>
      <p>{warning}</p>
      <a
        href={period.url}
        target="_blank"
        rel="noopener noreferrer"
        className="font-medium underline underline-offset-2"
      >
        Read {period.citation} (opens in a new tab)
      </a>
    </GuidedWarning>
  )
}

/** The asking types' one deadline. */
export function ReplyWithinQuestion({ demand }: { demand: boolean }) {
  return (
    <DaysQuestion
      name="details.replyWithinDays"
      label="Reply Within (days)"
      hint={
        demand
          ? 'Days the recipient has to answer, 1 to 365. Some states require more: add yours under More details.'
          : 'Days the recipient has to answer, 1 to 365.'
      }
    />
  )
}

/** What goes with the deadline: a demand's statutory notice period, and the settlement mark. */
export function ReplyNotes({ demand }: { demand: boolean }) {
  return (
    <>
      {demand ? <NoticePeriodWarning /> : null}
      <CheckboxQuestion
        name="details.settlementOffer"
        label="This is a settlement offer (Without prejudice)"
        hint="Marks the letter Without prejudice, so your offer cannot be read as an admission."
      />
    </>
  )
}
