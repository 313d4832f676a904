import fc from 'fast-check'
import {
  CORPORATE_KINDS,
  CURRENCIES,
  DELIVERY_METHODS,
  type LetterDetails,
  NOTICE_KINDS,
  RIGHTS_INFRINGED,
} from '@/domain/letter-details'
import { LETTER_TYPES, type LetterType } from '@/domain/letter-schema'
import { calendarDayOf } from '@/domain/reply-tracking'
import type { LetterRequest } from '@/features/letters/generator/letter-generator'

/**
 * Answers a person might really give, in plain words, typed carelessly: any
 * capitals, trailing punctuation or none, lists on several lines. Built from a
 * vocabulary without template words, so whatever such a word a letter holds
 * came from the composer.
 */
const WORDS = [
  'invoice',
  'Invoice',
  'shelving',
  'roof',
  'lease',
  'Acme',
  'payment',
  'deposit',
  'Maria',
  'refund',
  'Harbor',
  'fence',
  'photos',
  'website',
  'contract',
  'delivery',
  'warranty',
  'Oak',
  'budget',
  'minutes',
  'repair',
  'balance',
  'clause',
  'notice',
  'garden',
  'Lopez',
  'Ruiz',
  'the',
  'of',
  'for',
  'and',
  'my',
  'your',
  'our',
  'April',
  'storefront',
  'kitchen',
  'unit',
  '#1042',
  '$2,500',
  '14',
  'north',
  'Main',
  'Street',
  'Boston',
  'Springfield',
]
const ENDINGS = ['', '', '', '.', '!', '?', ',', ':', ';', '...', ')']

const word = fc.constantFrom(...WORDS)

/** A phrase of one to `max` words, maybe capitalized, maybe with stray punctuation at its end. */
export const phrase = (max = 6) =>
  fc
    .tuple(
      fc.array(word, { minLength: 1, maxLength: max }),
      fc.constantFrom(...ENDINGS),
      fc.boolean(),
    )
    .map(([words, ending, capital]) => {
      const text = words.join(' ')
      const start = capital ? text.charAt(0).toUpperCase() + text.slice(1) : text
      return ending === ')' ? `${start} (see below)` : start + ending
    })

/** A passage: a phrase, or a few on separate lines, sometimes with a blank line between. */
export const passage = fc.oneof(
  { weight: 3, arbitrary: phrase(12) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.array(phrase(8), { minLength: 2, maxLength: 4 }),
        fc.constantFrom('\n', '\n\n', '\n \n\n'),
      )
      .map(([lines, gap]) => lines.join(gap)),
  },
)

const list = fc.array(phrase(6), { minLength: 1, maxLength: 4 })

/** A calendar day between two years, as the form stores it. */
const dayBetween = (from: number, to: number) =>
  fc
    .date({ min: new Date(from, 0, 1), max: new Date(to, 11, 31), noInvalidDate: true })
    .map(calendarDayOf)

/** Letters are dated 2026 to 2030; the events they recount happened before. */
export const letterDay = fc.date({
  min: new Date(2026, 0, 1),
  max: new Date(2030, 11, 31),
  noInvalidDate: true,
})
const pastDay = dayBetween(2020, 2025)
const anyDay = dayBetween(2020, 2032)
const opt = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined })

const common = fc.record(
  {
    reference: phrase(2),
    deliveryMethod: fc.constantFrom(...DELIVERY_METHODS),
    enclosures: list,
    cc: list,
    senderTitle: phrase(3),
    senderCompany: phrase(3),
    senderPhone: fc.constantFrom('(617) 555-0142', '+44 20 7946 0958', '555-0199'),
    senderEmail: fc.constantFrom('jane@example.com', 'office@harpervale.co.uk'),
    recipientTitle: phrase(3),
    recipientCompany: phrase(3),
    country: fc.constantFrom('United States', 'Canada', 'France', 'United Kingdom'),
    region: fc.constantFrom('Massachusetts', 'Ontario', 'Texas', 'Bavaria'),
    replyWithinDays: fc.integer({ min: 1, max: 365 }),
    settlementOffer: fc.boolean(),
    followUp: fc.record(
      {
        letterId: fc.constant('0b7f8e0e-8c5f-4c3e-9d1e-2f0a7c1b9a11'),
        date: pastDay,
        reference: phrase(2),
      },
      { requiredKeys: ['letterId', 'date'] },
    ),
  },
  { requiredKeys: [] },
)

const SECTIONS = {
  demand: fc.record(
    {
      amountCents: fc.integer({ min: 1, max: 100_000_000_000 }),
      currency: fc.constantFrom(...CURRENCIES),
      amountFor: phrase(10),
      dueDates: fc.array(pastDay, { minLength: 1, maxLength: 3 }),
      previousRequests: fc.array(pastDay, { minLength: 1, maxLength: 3 }),
      paymentInstructions: passage,
    },
    { requiredKeys: [] },
  ),
  cease: fc.record(
    {
      conduct: passage,
      conductSince: pastDay,
      rightInfringed: fc.constantFrom(...RIGHTS_INFRINGED),
      evidence: passage,
      actionsDemanded: list,
    },
    { requiredKeys: [] },
  ),
  notice: fc.record(
    {
      noticeKind: fc.constantFrom(...NOTICE_KINDS),
      agreement: phrase(6),
      clause: fc.oneof(phrase(2), fc.constantFrom('7.2', 'Section 4(b)', '12')),
      curePeriodDays: fc.integer({ min: 1, max: 365 }),
    },
    { requiredKeys: [] },
  ),
  business: fc.record(
    { purpose: passage, proposal: passage, nextStep: phrase(8) },
    { requiredKeys: [] },
  ),
  recommendation: fc.record(
    {
      candidateName: fc.constantFrom('Maria Lopez', 'Dr. Ana Ruiz', 'Lopez, Maria', 'Sam'),
      relationship: phrase(8),
      knownFor: fc.constantFrom('three years', 'since 2019', 'about a decade', '18 months'),
      candidateRole: phrase(8),
      strengths: fc.array(fc.record({ strength: phrase(3), example: passage }), {
        minLength: 1,
        maxLength: 3,
      }),
      recommendedFor: phrase(8),
    },
    { requiredKeys: [] },
  ),
  corporate: fc.record(
    {
      documentKind: fc.constantFrom(...CORPORATE_KINDS),
      meetingDate: anyDay,
      meetingTime: fc
        .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
        .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
      meetingPlace: phrase(8),
      agenda: list,
      recordDate: anyDay,
      quorum: phrase(8),
    },
    { requiredKeys: [] },
  ),
} as const

const SECTION_KEY: Record<LetterType, keyof typeof SECTIONS> = {
  'Demand Letter': 'demand',
  'Cease and Desist': 'cease',
  'Legal Notice': 'notice',
  'Business Letter': 'business',
  'Recommendation Letter': 'recommendation',
  'Corporate Document': 'corporate',
}

/** The guided answers of a letter of `type`: any mix of its questions, or none at all. */
export function detailsFor(type: LetterType): fc.Arbitrary<LetterDetails> {
  const key = SECTION_KEY[type]
  return fc
    .tuple(common, opt(SECTIONS[key] as fc.Arbitrary<object>))
    .map(([shared, section]) => (section === undefined ? shared : { ...shared, [key]: section }))
}

const person = fc.constantFrom(
  'Jane Whitfield',
  'Karen Whitfield, Whitfield Home Goods LLC',
  'Acme Widgets, Inc.',
  'Northgate Property Management Inc.',
  'Admissions Committee',
  'Łukasz Żółć',
)
const address = fc.constantFrom(
  '12 Oak Street\nSpringfield, IL 62701',
  '500 Market St, Suite 200\nBoston, MA',
)

/** A whole request of a realistic kind: the six answers and, often, guided ones. */
export const realisticRequest: fc.Arbitrary<LetterRequest> = fc
  .constantFrom(...LETTER_TYPES)
  .chain((type) =>
    fc.record({
      type: fc.constant(type),
      senderName: person,
      senderAddress: address,
      recipientName: person,
      recipientAddress: address,
      matter: phrase(8),
      resolution: passage,
      details: opt(detailsFor(type)),
    }),
  )
  .map(({ details, ...request }) => (details === undefined ? request : { ...request, details }))
