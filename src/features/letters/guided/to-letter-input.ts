import {
  detailsForType,
  type LetterDetails,
  REPLY_WITHIN_DEFAULT,
  SECTION_OF_TYPE,
} from '@/domain/letter-details'
import type { LetterInput } from '@/domain/letter-schema'
import type { DayEntry, DetailsFormValues, LetterFormValues } from './letter-form-values'
import { AMOUNT_FORMAT_MESSAGE, currencyMismatchMessage, parseAmount } from './parse-amount'

/**
 * A letter's answers as the form's values give them, before the schema checks
 * them: empty inputs are absent (never empty strings), lists drop blank
 * lines, and only the chosen type's section is kept. `fieldOf` leads each
 * answer back to the input it came from, so the schema's message shows there.
 */
export type Conversion = {
  input: LetterInput
  /** The schema's path of an answer (`details.demand.dueDates.0`) → the form's field. */
  fieldOf: Map<string, string>
  /** Messages found before the schema could look (an amount that is not one), by field. */
  problems: Map<string, string>
}

type Answers = Record<string, unknown>

class Collector {
  readonly fieldOf = new Map<string, string>()
  readonly problems = new Map<string, string>()

  /** Keeps `value` under `at` unless it is absent, and remembers the field it came from. */
  put(target: Answers, at: string, key: string, value: unknown, field: string) {
    if (value === undefined) return
    target[key] = value
    this.fieldOf.set(`${at}.${key}`, field)
  }

  text(target: Answers, at: string, key: string, value: string, field: string) {
    const trimmed = value.trim()
    this.put(target, at, key, trimmed === '' ? undefined : trimmed, field)
  }

  /** One item a line; blank lines are dropped, and an empty list is absent. */
  lines(target: Answers, at: string, key: string, value: string, field: string) {
    const items = value
      .split('\n')
      .map((item) => item.trim())
      .filter((item) => item !== '')
    this.put(target, at, key, items.length > 0 ? items : undefined, field)
  }

  /** Whole days; what is not a number reaches the schema as NaN, which it names. */
  number(target: Answers, at: string, key: string, value: string, field: string) {
    const trimmed = value.trim()
    this.put(target, at, key, trimmed === '' ? undefined : Number(trimmed), field)
  }

  days(target: Answers, at: string, key: string, entries: DayEntry[], field: string) {
    const kept = entries.flatMap((entry, index) =>
      entry.day.trim() === '' ? [] : [{ day: entry.day.trim(), index }],
    )
    if (kept.length === 0) return
    this.put(
      target,
      at,
      key,
      kept.map((entry) => entry.day),
      `${field}.${kept[0]?.index ?? 0}.day`,
    )
    kept.forEach((entry, position) =>
      this.fieldOf.set(`${at}.${key}.${position}`, `${field}.${entry.index}.day`),
    )
  }
}

const notEmpty = (answers: Answers) => (Object.keys(answers).length > 0 ? answers : undefined)

function commonAnswers(form: DetailsFormValues, into: Collector): Answers {
  const answers: Answers = {}
  const at = 'details'
  const field = (key: string) => `details.${key}`
  for (const key of [
    'reference',
    'deliveryMethod',
    'senderTitle',
    'senderCompany',
    'senderPhone',
    'senderEmail',
    'recipientTitle',
    'recipientCompany',
    'country',
    'region',
  ] as const)
    into.text(answers, at, key, form[key], field(key))
  into.lines(answers, at, 'enclosures', form.enclosures, field('enclosures'))
  into.lines(answers, at, 'cc', form.cc, field('cc'))
  // The seed's 30 days is what an absent answer means, so it is not stored twice.
  if (form.replyWithinDays.trim() !== String(REPLY_WITHIN_DEFAULT))
    into.number(answers, at, 'replyWithinDays', form.replyWithinDays, field('replyWithinDays'))
  if (form.settlementOffer) into.put(answers, at, 'settlementOffer', true, field('settlementOffer'))
  if (form.followUp) into.put(answers, at, 'followUp', form.followUp, field('followUp'))
  return answers
}

function demandAnswers(form: DetailsFormValues['demand'], into: Collector): Answers {
  const answers: Answers = {}
  const at = 'details.demand'
  const field = (key: string) => `details.demand.${key}`
  if (form.amount.trim() !== '') {
    const parsed = parseAmount(form.amount)
    if (!parsed) into.problems.set(field('amount'), AMOUNT_FORMAT_MESSAGE)
    else if (parsed.currency && parsed.currency !== form.currency)
      into.problems.set(field('amount'), currencyMismatchMessage(parsed.currency, form.currency))
    else {
      into.put(answers, at, 'amountCents', parsed.cents, field('amount'))
      into.put(answers, at, 'currency', form.currency, field('currency'))
    }
  }
  into.text(answers, at, 'amountFor', form.amountFor, field('amountFor'))
  into.days(answers, at, 'dueDates', form.dueDates, field('dueDates'))
  into.days(answers, at, 'previousRequests', form.previousRequests, field('previousRequests'))
  into.text(
    answers,
    at,
    'paymentInstructions',
    form.paymentInstructions,
    field('paymentInstructions'),
  )
  return answers
}

function ceaseAnswers(form: DetailsFormValues['cease'], into: Collector): Answers {
  const answers: Answers = {}
  const at = 'details.cease'
  const field = (key: string) => `details.cease.${key}`
  for (const key of ['conduct', 'conductSince', 'rightInfringed', 'evidence'] as const)
    into.text(answers, at, key, form[key], field(key))
  into.lines(answers, at, 'actionsDemanded', form.actionsDemanded, field('actionsDemanded'))
  return answers
}

function noticeAnswers(form: DetailsFormValues['notice'], into: Collector): Answers {
  const answers: Answers = {}
  const at = 'details.notice'
  const field = (key: string) => `details.notice.${key}`
  for (const key of ['noticeKind', 'agreement', 'clause'] as const)
    into.text(answers, at, key, form[key], field(key))
  into.number(answers, at, 'curePeriodDays', form.curePeriodDays, field('curePeriodDays'))
  return answers
}

function businessAnswers(form: DetailsFormValues['business'], into: Collector): Answers {
  const answers: Answers = {}
  for (const key of ['purpose', 'proposal', 'nextStep'] as const)
    into.text(answers, 'details.business', key, form[key], `details.business.${key}`)
  return answers
}

function recommendationAnswers(
  form: DetailsFormValues['recommendation'],
  into: Collector,
): Answers {
  const answers: Answers = {}
  const at = 'details.recommendation'
  const field = (key: string) => `details.recommendation.${key}`
  for (const key of [
    'candidateName',
    'relationship',
    'knownFor',
    'candidateRole',
    'recommendedFor',
  ] as const)
    into.text(answers, at, key, form[key], field(key))
  // A strength given without its example (or the reverse) goes to the schema, which asks for both.
  const pairs = form.strengths.flatMap((pair, index) => {
    const strength = pair.strength.trim()
    const example = pair.example.trim()
    return strength === '' && example === '' ? [] : [{ strength, example, index }]
  })
  if (pairs.length > 0) {
    answers.strengths = pairs.map(({ strength, example }) => ({ strength, example }))
    pairs.forEach(({ index }, position) => {
      for (const part of ['strength', 'example'])
        into.fieldOf.set(
          `${at}.strengths.${position}.${part}`,
          `${field('strengths')}.${index}.${part}`,
        )
    })
  }
  return answers
}

function corporateAnswers(form: DetailsFormValues['corporate'], into: Collector): Answers {
  const answers: Answers = {}
  const at = 'details.corporate'
  const field = (key: string) => `details.corporate.${key}`
  for (const key of [
    'documentKind',
    'meetingDate',
    'meetingTime',
    'meetingPlace',
    'recordDate',
    'quorum',
  ] as const)
    into.text(answers, at, key, form[key], field(key))
  into.lines(answers, at, 'agenda', form.agenda, field('agenda'))
  return answers
}

const SECTION_ANSWERS = {
  demand: (form: DetailsFormValues, into: Collector) => demandAnswers(form.demand, into),
  cease: (form: DetailsFormValues, into: Collector) => ceaseAnswers(form.cease, into),
  notice: (form: DetailsFormValues, into: Collector) => noticeAnswers(form.notice, into),
  business: (form: DetailsFormValues, into: Collector) => businessAnswers(form.business, into),
  recommendation: (form: DetailsFormValues, into: Collector) =>
    recommendationAnswers(form.recommendation, into),
  corporate: (form: DetailsFormValues, into: Collector) => corporateAnswers(form.corporate, into),
}

/** The letter's answers from the form's values, for the chosen type only. */
export function toLetterInput(values: LetterFormValues): Conversion {
  const { details: form, ...answers } = values
  const into = new Collector()
  const section = SECTION_OF_TYPE[values.type]
  const common = commonAnswers(form, into)
  const own = notEmpty(SECTION_ANSWERS[section](form, into))
  // Built from loose answers on purpose: the schema, not this function, decides what is valid.
  const collected = { ...common, ...(own ? { [section]: own } : {}) } as LetterDetails
  const details = notEmpty(detailsForType(values.type, collected))
  return {
    input: details ? { ...answers, details } : answers,
    fieldOf: into.fieldOf,
    problems: into.problems,
  }
}
