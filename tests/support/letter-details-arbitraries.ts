import fc from 'fast-check'
import {
  type BusinessDetails,
  type CalendarDay,
  type CeaseDetails,
  CORPORATE_KINDS,
  type CorporateDetails,
  CURRENCIES,
  DELIVERY_METHODS,
  type DemandDetails,
  type LetterDetails,
  LINE_MAX,
  LIST_MAX,
  NOTICE_KINDS,
  type NoticeDetails,
  PASSAGE_MAX,
  type RecommendationDetails,
  REPLY_WITHIN_MAX,
  REPLY_WITHIN_MIN,
  RIGHTS_INFRINGED,
  SECTION_OF_TYPE,
  SHORT_MAX,
} from '@/domain/letter-details'
import { LETTER_TYPES, type LetterType } from '@/domain/letter-types'
import type { LetterRequest } from '@/domain/letter-writing/request'

/**
 * Answers to the guided questions (decision 030) as the schema returns them:
 * trimmed, within every limit, each answer present or not. Values are realistic
 * by default (names, companies, invoice numbers, amounts, days); pass other
 * `texts` to fill the free-text answers with anything else, such as awkward Unicode.
 */

/** The free-text answers, by the schema's three lengths. */
export type DetailTexts = {
  short: fc.Arbitrary<string>
  line: fc.Arbitrary<string>
  passage: fc.Arbitrary<string>
}

const FIRST = ['Dana', 'Jane', 'Łukasz', 'María José', 'Siobhán', 'Kwame', 'Mei', 'Oliver']
const LAST = ['Whitfield', 'Żółć', 'García-López', 'O’Brien', 'Mensah', 'Chen', 'Schäfer']
const COMPANIES = [
  'Acme Widgets LLC',
  'Smith & Sons Ltd.',
  'Harbour Café GmbH',
  'Northwind Traders Inc.',
  'Blue Fern Design Studio',
]
const TITLES = [
  'Managing Director',
  'Office Manager',
  'Chief Financial Officer',
  'Owner',
  'Counsel',
]
const PHRASES = [
  'consulting services for the spring campaign',
  'the lease of Unit 4, 18 Mill Lane',
  'delivery of 40 office chairs',
  'website design and hosting',
  'the annual maintenance contract',
  'repairs to the roof after the storm',
]
const SENTENCES = [
  'The work was finished and accepted without complaint.',
  'Several reminders by telephone and email went unanswered.',
  'Photographs and the signed delivery note are enclosed.',
  'She led a team of six and met every deadline.',
  'We would welcome the chance to discuss this in person.',
  'Payment may be made by bank transfer to the account on the invoice.',
]

const pick = (items: readonly string[]) => fc.constantFrom(...items)
const person = fc.tuple(pick(FIRST), pick(LAST)).map(([first, last]) => `${first} ${last}`)

const within = (max: number) => (text: string) => [...text].slice(0, max).join('').trim()

export const realisticTexts: DetailTexts = {
  short: fc.oneof(person, pick(COMPANIES), pick(TITLES)).map(within(SHORT_MAX)),
  line: fc
    .oneof(
      pick(PHRASES),
      fc.tuple(pick(PHRASES), person).map(([p, n]) => `${p}, for ${n}`),
    )
    .map(within(LINE_MAX)),
  passage: fc
    .array(pick(SENTENCES), { minLength: 1, maxLength: 6 })
    .map((sentences) => within(PASSAGE_MAX)(sentences.join(' '))),
}

/** Free-text answers made of `unit`s, trimmed and never blank, as the schema keeps them. */
export function textsOf(unit: fc.Arbitrary<string>): DetailTexts {
  const of = (max: number) =>
    fc
      .string({ unit, minLength: 1, maxLength: Math.min(max, 40) })
      .map(within(max))
      .filter((text) => text !== '')
  return { short: of(SHORT_MAX), line: of(LINE_MAX), passage: of(PASSAGE_MAX) }
}

const pad = (n: number) => String(n).padStart(2, '0')

/** A real calendar day between 2000 and 2099. */
export const calendarDay: fc.Arbitrary<CalendarDay> = fc
  .date({ min: new Date(2000, 0, 1), max: new Date(2099, 11, 31, 12), noInvalidDate: true })
  .map((date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`)

/** Reference numbers as offices write them: `INV-2026-0142`, `#4471`, `PO 88213`. */
export const referenceNumber = fc.oneof(
  fc
    .tuple(pick(['INV', 'PO', 'CASE', 'ACC', 'REF']), fc.integer({ min: 2000, max: 2099 }))
    .chain(([prefix, year]) =>
      fc
        .integer({ min: 1, max: 9999 })
        .map((n) => `${prefix}-${year}-${String(n).padStart(4, '0')}`),
    ),
  fc.integer({ min: 100, max: 999_999 }).map((n) => `#${n}`),
  fc.integer({ min: 10_000, max: 99_999 }).map((n) => `PO ${n}`),
)

/** Up to a realistic amount usually, up to the schema's ceiling sometimes. */
export const amountCents = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 5_000_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 100_000_000_000 }) },
)

const phone = fc.oneof(
  fc.integer({ min: 200, max: 999 }).map((area) => `(${area}) 555-0142`),
  fc.integer({ min: 1000, max: 9999 }).map((n) => `+44 20 7946 ${n}`),
)
const email = fc
  .tuple(
    pick(['dana', 'jane.whitfield', 'accounts', 'm.chen']),
    pick(['example.com', 'example.org']),
  )
  .map(([name, domain]) => `${name}@${domain}`)

const listOf = (item: fc.Arbitrary<string>) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.array(item, { minLength: 1, maxLength: 3 }) },
    { weight: 1, arbitrary: fc.array(item, { minLength: 1, maxLength: LIST_MAX }) },
  )
const daysList = fc.array(calendarDay, { minLength: 1, maxLength: 4 })
const replyDays = fc.integer({ min: REPLY_WITHIN_MIN, max: REPLY_WITHIN_MAX })

/** `fc.record` with every key optional: each answer may be left unanswered. */
const answers = <T>(model: { [K in keyof T]: fc.Arbitrary<T[K]> }) =>
  fc.record(model, { requiredKeys: [] }) as fc.Arbitrary<Partial<T>>

export function commonDetails(texts: DetailTexts = realisticTexts) {
  return answers({
    reference: fc.oneof(referenceNumber, texts.short),
    deliveryMethod: fc.constantFrom(...DELIVERY_METHODS),
    enclosures: listOf(texts.line),
    cc: listOf(texts.line),
    senderTitle: texts.short,
    senderCompany: texts.short,
    senderPhone: phone,
    senderEmail: email,
    recipientTitle: texts.short,
    recipientCompany: texts.short,
    country: fc.oneof(pick(['United States', 'Canada', 'United Kingdom']), texts.short),
    region: fc.oneof(pick(['Massachusetts', 'TX', 'Ontario']), texts.short),
    replyWithinDays: replyDays,
    settlementOffer: fc.boolean(),
    followUp: fc.record(
      { letterId: fc.uuid({ version: 4 }), date: calendarDay, reference: referenceNumber },
      { requiredKeys: ['letterId', 'date'] },
    ),
  })
}

export const demandDetails = (texts: DetailTexts = realisticTexts) =>
  answers<DemandDetails>({
    amountCents,
    currency: fc.constantFrom(...CURRENCIES),
    amountFor: texts.line,
    dueDates: daysList,
    previousRequests: daysList,
    paymentInstructions: texts.passage,
  })

export const ceaseDetails = (texts: DetailTexts = realisticTexts) =>
  answers<CeaseDetails>({
    conduct: texts.passage,
    conductSince: calendarDay,
    rightInfringed: fc.constantFrom(...RIGHTS_INFRINGED),
    evidence: texts.passage,
    actionsDemanded: listOf(texts.line),
  })

export const noticeDetails = (texts: DetailTexts = realisticTexts) =>
  answers<NoticeDetails>({
    noticeKind: fc.constantFrom(...NOTICE_KINDS),
    agreement: texts.line,
    clause: fc.oneof(
      fc.integer({ min: 1, max: 40 }).map((n) => `Section ${n}.2`),
      texts.short,
    ),
    curePeriodDays: replyDays,
  })

export const businessDetails = (texts: DetailTexts = realisticTexts) =>
  answers<BusinessDetails>({
    purpose: texts.passage,
    proposal: texts.passage,
    nextStep: texts.line,
  })

export const recommendationDetails = (texts: DetailTexts = realisticTexts) =>
  answers<RecommendationDetails>({
    candidateName: texts.short,
    relationship: texts.line,
    knownFor: fc.oneof(
      fc.integer({ min: 1, max: 30 }).map((n) => `${n} years`),
      texts.short,
    ),
    candidateRole: texts.line,
    strengths: fc.array(fc.record({ strength: texts.short, example: texts.passage }), {
      minLength: 1,
      maxLength: 3,
    }),
    recommendedFor: texts.line,
  })

const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${pad(h)}:${pad(m)}`)

export const corporateDetails = (texts: DetailTexts = realisticTexts) =>
  answers<CorporateDetails>({
    documentKind: fc.constantFrom(...CORPORATE_KINDS),
    meetingDate: calendarDay,
    meetingTime: time,
    meetingPlace: texts.line,
    agenda: listOf(texts.line),
    recordDate: calendarDay,
    quorum: texts.line,
  })

const SECTIONS = {
  demand: demandDetails,
  cease: ceaseDetails,
  notice: noticeDetails,
  business: businessDetails,
  recommendation: recommendationDetails,
  corporate: corporateDetails,
} as const

/**
 * Answers for a letter of `type`: the common questions and, usually, its own
 * section. With `otherSections`, sometimes other types' sections too, as a
 * letter whose type was changed after answering may carry them.
 */
export function letterDetails(
  type: LetterType,
  { texts = realisticTexts, otherSections = false } = {},
): fc.Arbitrary<LetterDetails> {
  const own = SECTION_OF_TYPE[type]
  const sections = Object.fromEntries(
    Object.entries(SECTIONS)
      .filter(([section]) => otherSections || section === own)
      .map(([section, details]) => [section, details(texts)]),
  )
  return fc
    .tuple(commonDetails(texts), fc.record(sections, { requiredKeys: [] }))
    .map(([common, chosen]) => ({ ...common, ...chosen }))
}

const realisticAddress = fc
  .tuple(fc.integer({ min: 1, max: 999 }), pick(['Oak Street', 'Market Street', 'ul. Długa']))
  .map(([n, street]) => `${n} ${street}\nSpringfield, IL 62701`)

/** A whole request: a type, the six fields written realistically, and answers for that type. */
export function letterRequest(
  options: { texts?: DetailTexts; otherSections?: boolean; types?: readonly LetterType[] } = {},
): fc.Arbitrary<LetterRequest> {
  const { types = LETTER_TYPES, ...detailOptions } = options
  return fc.constantFrom(...types).chain((type) =>
    fc.record(
      {
        type: fc.constant(type),
        senderName: person,
        senderAddress: realisticAddress,
        recipientName: fc.oneof(person, pick(COMPANIES)),
        recipientAddress: realisticAddress,
        matter: pick(PHRASES).map((p) => p[0]?.toUpperCase() + p.slice(1)),
        resolution: pick(SENTENCES),
        details: letterDetails(type, detailOptions),
      },
      {
        requiredKeys: [
          'type',
          'senderName',
          'senderAddress',
          'recipientName',
          'recipientAddress',
          'matter',
          'resolution',
        ],
      },
    ),
  )
}
