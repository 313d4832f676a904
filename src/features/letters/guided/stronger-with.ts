import type { LetterType } from '@/domain/letter-schema'
import { joinAnd } from '@/domain/letter-format'
import type { DayEntry, DetailsFormValues } from './letter-form-values'

const blank = (text: string) => text.trim() === ''
const noDays = (entries: DayEntry[]) => entries.every((entry) => blank(entry.day))

/** Each type's answers that most change its letter, and how the form names them when missing. */
const WANTED: Record<LetterType, [name: string, missing: (form: DetailsFormValues) => boolean][]> =
  {
    'Demand Letter': [
      ['Amount Owed', (form) => blank(form.demand.amount)],
      ['what the amount is for', (form) => blank(form.demand.amountFor)],
      ['the date it fell due', (form) => noDays(form.demand.dueDates)],
    ],
    'Cease and Desist': [
      ['the conduct', (form) => blank(form.cease.conduct)],
      ['when it began', (form) => blank(form.cease.conductSince)],
      ['the actions demanded', (form) => blank(form.cease.actionsDemanded)],
    ],
    'Legal Notice': [
      ['the kind of notice', (form) => blank(form.notice.noticeKind)],
      ['the contract or obligation', (form) => blank(form.notice.agreement)],
      ['the cure period', (form) => blank(form.notice.curePeriodDays)],
    ],
    'Business Letter': [
      ['the purpose', (form) => blank(form.business.purpose)],
      ['the next step', (form) => blank(form.business.nextStep)],
    ],
    'Recommendation Letter': [
      ['the candidate', (form) => blank(form.recommendation.candidateName)],
      ['your relationship', (form) => blank(form.recommendation.relationship)],
      [
        'a strength with an example',
        (form) =>
          form.recommendation.strengths.every(
            (pair) => blank(pair.strength) || blank(pair.example),
          ),
      ],
    ],
    'Corporate Document': [
      ['the kind of document', (form) => blank(form.corporate.documentKind)],
      ['the meeting date', (form) => blank(form.corporate.meetingDate)],
      ['the agenda', (form) => blank(form.corporate.agenda)],
    ],
  }

/** The answers still missing that would make a letter of `type` stronger, most telling first. */
export function missingAnswers(type: LetterType, form: DetailsFormValues): string[] {
  return (WANTED[type] ?? []).filter(([, missing]) => missing(form)).map(([name]) => name)
}

/** "Stronger with: Amount Owed and the date it fell due." or nothing when all are given. */
export function strongerWith(type: LetterType, form: DetailsFormValues): string | undefined {
  const missing = missingAnswers(type, form)
  return missing.length === 0 ? undefined : `Stronger with: ${joinAnd(missing)}.`
}
