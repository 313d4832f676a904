import type { Currency, LetterDetails } from '@/domain/letter-details'
import { REPLY_WITHIN_DEFAULT } from '@/domain/letter-details'
import { LETTER_TYPES, type LetterInput, type LetterType } from '@/domain/letter-schema'
import type { LetterAnswers } from '@/domain/types'
import { formatAmountInput } from './parse-amount'

/**
 * What the form holds while a person types: every answer as text, every
 * type's section at once (so switching the type and back loses nothing), and
 * lists as one line each. `toLetterInput` turns it into a letter's answers.
 */
export type DayEntry = { day: string }
export type StrengthEntry = { strength: string; example: string }
export type FollowUp = NonNullable<LetterDetails['followUp']>

export type DetailsFormValues = {
  reference: string
  deliveryMethod: string
  enclosures: string
  cc: string
  senderTitle: string
  senderCompany: string
  senderPhone: string
  senderEmail: string
  recipientTitle: string
  recipientCompany: string
  country: string
  region: string
  replyWithinDays: string
  settlementOffer: boolean
  /** Not a question: set when the letter follows up an earlier one. */
  followUp: FollowUp | null
  demand: {
    amount: string
    currency: Currency
    amountFor: string
    dueDates: DayEntry[]
    previousRequests: DayEntry[]
    paymentInstructions: string
  }
  cease: {
    conduct: string
    conductSince: string
    rightInfringed: string
    evidence: string
    actionsDemanded: string
  }
  notice: { noticeKind: string; agreement: string; clause: string; curePeriodDays: string }
  business: { purpose: string; proposal: string; nextStep: string }
  recommendation: {
    candidateName: string
    relationship: string
    knownFor: string
    candidateRole: string
    strengths: StrengthEntry[]
    recommendedFor: string
  }
  corporate: {
    documentKind: string
    meetingDate: string
    meetingTime: string
    meetingPlace: string
    agenda: string
    recordDate: string
    quorum: string
  }
}

export type LetterFormValues = Omit<LetterInput, 'details'> & { details: DetailsFormValues }

export const STRENGTH_COUNT = 3

const days = (list: readonly string[] | undefined): DayEntry[] =>
  list && list.length > 0 ? list.map((day) => ({ day })) : [{ day: '' }]

const lines = (list: readonly string[] | undefined) => (list ?? []).join('\n')

const text = (value: string | undefined) => value ?? ''

const number = (value: number | undefined) => (value === undefined ? '' : String(value))

function strengths(details: LetterDetails): StrengthEntry[] {
  const given = details.recommendation?.strengths ?? []
  return Array.from({ length: STRENGTH_COUNT }, (_, index) => ({
    strength: text(given[index]?.strength),
    example: text(given[index]?.example),
  }))
}

/** The form's values for answers already given; absent answers are empty inputs. */
export function detailsFormValues(details: LetterDetails = {}): DetailsFormValues {
  const { demand = {}, cease = {}, notice = {}, business = {}, corporate = {} } = details
  const recommendation = details.recommendation ?? {}
  return {
    reference: text(details.reference),
    deliveryMethod: text(details.deliveryMethod),
    enclosures: lines(details.enclosures),
    cc: lines(details.cc),
    senderTitle: text(details.senderTitle),
    senderCompany: text(details.senderCompany),
    senderPhone: text(details.senderPhone),
    senderEmail: text(details.senderEmail),
    recipientTitle: text(details.recipientTitle),
    recipientCompany: text(details.recipientCompany),
    country: text(details.country),
    region: text(details.region),
    replyWithinDays: String(details.replyWithinDays ?? REPLY_WITHIN_DEFAULT),
    settlementOffer: details.settlementOffer ?? false,
    followUp: details.followUp ?? null,
    demand: {
      amount: demand.amountCents === undefined ? '' : formatAmountInput(demand.amountCents),
      currency: demand.currency ?? 'USD',
      amountFor: text(demand.amountFor),
      dueDates: days(demand.dueDates),
      previousRequests: days(demand.previousRequests),
      paymentInstructions: text(demand.paymentInstructions),
    },
    cease: {
      conduct: text(cease.conduct),
      conductSince: text(cease.conductSince),
      rightInfringed: text(cease.rightInfringed),
      evidence: text(cease.evidence),
      actionsDemanded: lines(cease.actionsDemanded),
    },
    notice: {
      noticeKind: text(notice.noticeKind),
      agreement: text(notice.agreement),
      clause: text(notice.clause),
      curePeriodDays: number(notice.curePeriodDays),
    },
    business: {
      purpose: text(business.purpose),
      proposal: text(business.proposal),
      nextStep: text(business.nextStep),
    },
    recommendation: {
      candidateName: text(recommendation.candidateName),
      relationship: text(recommendation.relationship),
      knownFor: text(recommendation.knownFor),
      candidateRole: text(recommendation.candidateRole),
      strengths: strengths(details),
      recommendedFor: text(recommendation.recommendedFor),
    },
    corporate: {
      documentKind: text(corporate.documentKind),
      meetingDate: text(corporate.meetingDate),
      meetingTime: text(corporate.meetingTime),
      meetingPlace: text(corporate.meetingPlace),
      agenda: lines(corporate.agenda),
      recordDate: text(corporate.recordDate),
      quorum: text(corporate.quorum),
    },
  }
}

const isLetterType = (type: string): type is LetterType =>
  (LETTER_TYPES as readonly string[]).includes(type)

/** The form's values for a letter's answers, as the answers editor and a follow-up start. */
export function letterFormValues(answers: LetterInput | LetterAnswers): LetterFormValues {
  const { details, type, ...fields } = answers
  // Stored letters were checked against the list of types; this only satisfies the form's type.
  return {
    ...fields,
    type: isLetterType(type) ? type : 'Demand Letter',
    details: detailsFormValues(details),
  }
}

/** A new letter: Demand Letter, the person's name, everything else empty. */
export const blankLetterForm = (senderName: string): LetterFormValues =>
  letterFormValues({
    type: 'Demand Letter',
    senderName,
    senderAddress: '',
    recipientName: '',
    recipientAddress: '',
    matter: '',
    resolution: '',
  })

/**
 * The next letter after one was written: the same type and the same sender
 * (name, address, title, company, phone, e-mail); everything about the
 * recipient and the matter starts afresh.
 */
export function nextLetterForm(previous: LetterFormValues): LetterFormValues {
  const next = blankLetterForm(previous.senderName)
  const { senderTitle, senderCompany, senderPhone, senderEmail } = previous.details
  return {
    ...next,
    type: previous.type,
    senderName: previous.senderName.trim(),
    senderAddress: previous.senderAddress.trim(),
    details: { ...next.details, senderTitle, senderCompany, senderPhone, senderEmail },
  }
}
