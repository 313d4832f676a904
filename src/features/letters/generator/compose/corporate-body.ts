import type { CorporateDetails } from '@/domain/letter-details'
import { formatDay } from '@/domain/letter-format'
import type { LetterFacts } from './letter-facts'
import { enclosed, paragraph, reachMe, theirWords } from './common-sentences'
import { meetingDay, meetingTime } from './meeting-time'
import { endSentence, hasText, midSentence, numberedList, oneLine } from './typed-text'

/** "Date: …", "Time: …", "Place: …", as notices of meetings set them out; empty when none was given. */
function particulars(c: CorporateDetails): string {
  return [
    c.meetingDate === undefined ? undefined : `Date: ${meetingDay(c.meetingDate)}`,
    c.meetingTime === undefined ? undefined : `Time: ${meetingTime(c.meetingTime)}`,
    hasText(c.meetingPlace) ? `Place: ${oneLine(c.meetingPlace)}` : undefined,
  ]
    .filter(hasText)
    .join('\n')
}

type Meeting = { when: string; past: boolean }

/** What this document is, said once, and the lead-in to the person's own words. */
function opening(c: CorporateDetails, company: string | undefined, meeting?: Meeting): string[] {
  const of = company === undefined ? '' : ` of ${company}`
  const held = meeting?.past === true ? 'was held' : 'will be held'
  const kind = c.documentKind ?? (meeting === undefined ? undefined : 'Meeting notice')
  if (kind === 'Resolution') {
    const at =
      meeting === undefined
        ? ''
        : ` ${meeting.past ? 'considered' : 'to be considered'} at the meeting set out below`
    return [
      endSentence(`This notice sets out a resolution${of}${at}`),
      ...(meeting ? [meeting.when] : []),
    ]
  }
  if (meeting !== undefined) {
    const who =
      kind === 'Shareholder notice'
        ? `to the shareholders${of} that a meeting of the shareholders`
        : c.documentKind === 'Meeting notice'
          ? 'that the meeting referred to above'
          : 'that a meeting'
    return [`Notice is hereby given ${who} ${held} as set out below.`, meeting.when]
  }
  if (kind === 'Shareholder notice')
    return [`Notice is hereby given to the shareholders${of} of the matter referred to above.`]
  if (kind === 'Meeting notice') return ['Notice is hereby given of the meeting referred to above.']
  return ['This notice concerns the matter referred to above.']
}

/** The record date and quorum, in the tense of the meeting. */
function rules(c: CorporateDetails, past: boolean): string {
  const is = past ? 'was' : 'is'
  return paragraph(
    c.recordDate === undefined
      ? undefined
      : `The record date for determining who is entitled to notice of and to vote at the meeting ${is} ${formatDay(c.recordDate)}.`,
    hasText(c.quorum)
      ? `The quorum for the meeting ${is} ${endSentence(oneLine(c.quorum))}`
      : undefined,
  )
}

/**
 * A corporate document (a meeting notice, a resolution, a notice to
 * shareholders): the meeting's date, time and place, its agenda as a numbered
 * list, the record date and quorum, and the person's own words. It asks nothing
 * of its reader after the meeting and sets no reply date; a notice of a coming
 * meeting says how to be represented at it.
 */
export function corporateBody(facts: LetterFacts): string[] {
  const d = facts.details
  const c = d.corporate ?? {}
  const company = hasText(d.senderCompany) ? midSentence(oneLine(d.senderCompany)) : undefined
  const when = particulars(c)
  const past = c.meetingDate !== undefined && c.meetingDate < facts.today
  const meeting = when === '' ? undefined : { when, past }
  const agenda = c.agenda ?? []
  const lead =
    c.documentKind === 'Resolution'
      ? 'The text of the resolution is as follows:'
      : meeting === undefined && agenda.length === 0
        ? 'Its particulars are set out below.'
        : 'Further particulars are set out below.'
  const [first = '', ...rest] = opening(c, company, meeting)
  // A lone opening sentence takes the lead-in into the same paragraph.
  const start =
    rest.length === 0 && agenda.length === 0 ? [paragraph(first, lead)] : [first, ...rest]
  return [
    ...start,
    ...(agenda.length > 0
      ? [
          `The business of the meeting ${past ? 'was' : 'will be'} as follows:`,
          numberedList(agenda),
        ]
      : []),
    ...(start.length > 1 || agenda.length > 0 ? [lead] : []),
    theirWords(facts.resolution),
    ...[rules(c, past)].filter(hasText),
    ...(meeting !== undefined && !past
      ? [
          'If you are entitled to attend but cannot do so, you may appoint a proxy to attend and vote on your behalf, to the extent the governing documents permit; any proxy should reach me before the meeting begins.',
        ]
      : []),
    paragraph(
      endSentence(`This notice forms part of the records of ${company ?? 'the company'}`),
      `Any questions about it may be directed to me ${reachMe(d)}.`,
      enclosed(d),
    ),
  ]
}
