import { z } from '@/lib/zod'
import type { LetterType } from './letter-types'
import { formatCount } from '@/lib/format-count'

/**
 * The guided questions of each letter type (decision 030): what a lawyer would
 * ask before writing. Every answer is optional, so a letter made from the six
 * required fields alone is still complete; answers only make it stronger.
 * One schema serves the form, the repository and the server.
 */

export const DELIVERY_METHODS = [
  'Certified Mail, Return Receipt Requested',
  'Email',
  'Hand Delivery',
  'First-Class Mail',
] as const
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number]

export const CURRENCIES = ['USD', 'CAD', 'GBP', 'EUR', 'AUD'] as const
export type Currency = (typeof CURRENCIES)[number]

/** The letter types that ask something of their reader, and so carry one reply-by deadline. */
export const ASKING_TYPES = [
  'Demand Letter',
  'Cease and Desist',
  'Legal Notice',
  'Business Letter',
] as const satisfies readonly LetterType[]

export const asksForReply = (type: string): boolean =>
  (ASKING_TYPES as readonly string[]).includes(type)

/** Reply Within (days): the seed's 30 by default, 1 to 365. */
export const REPLY_WITHIN_DEFAULT = 30
export const REPLY_WITHIN_MIN = 1
export const REPLY_WITHIN_MAX = 365

export const RIGHTS_INFRINGED = [
  'Trademark',
  'Copyright',
  'Harassment',
  'Defamation',
  'Contract',
  'Privacy',
  'Other',
] as const
export const NOTICE_KINDS = ['Breach', 'Termination', 'Intent to sue', 'Other'] as const
export const CORPORATE_KINDS = ['Meeting notice', 'Resolution', 'Shareholder notice'] as const

export const SHORT_MAX = 120
export const LINE_MAX = 300
export const PASSAGE_MAX = 2_000
export const LIST_MAX = 12

const short = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} cannot be blank`)
    .max(SHORT_MAX, `${label} must be at most ${SHORT_MAX} characters`)
const line = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} cannot be blank`)
    .max(LINE_MAX, `${label} must be at most ${LINE_MAX} characters`)
const passage = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} cannot be blank`)
    .max(PASSAGE_MAX, `${label} must be at most ${formatCount(PASSAGE_MAX)} characters`)
const list = (label: string) =>
  z.array(line(label)).min(1).max(LIST_MAX, `${label} can list at most ${LIST_MAX} items`)

/** A calendar day, `2026-11-26`: letters are dated by the writer's own calendar. */
export const calendarDay = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date`)
    .refine((day) => {
      const [y, m, d] = day.split('-').map(Number) as [number, number, number]
      const date = new Date(y, m - 1, d)
      return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d
    }, `${label} must be a real date`)
export type CalendarDay = string

const days = (label: string) =>
  z
    .number({ message: `${label} must be a number of days` })
    .int(`${label} must be a whole number of days`)
    .min(REPLY_WITHIN_MIN, `${label} must be at least ${REPLY_WITHIN_MIN} day`)
    .max(REPLY_WITHIN_MAX, `${label} must be at most ${REPLY_WITHIN_MAX} days`)

/** What every type asks, beyond the seed's six fields. */
export const commonDetailsSchema = z.strictObject({
  reference: short('Reference Number').optional(),
  deliveryMethod: z.enum(DELIVERY_METHODS, { message: 'Choose a delivery method' }).optional(),
  enclosures: list('Enclosures').optional(),
  cc: list('Copies to').optional(),
  senderTitle: short('Your title').optional(),
  senderCompany: short('Your company').optional(),
  senderPhone: z
    .string()
    .trim()
    .regex(
      /^[+()\d][\d\s().+-]{5,29}$/,
      'Your phone must be a phone number, such as (617) 555-0142',
    )
    .optional(),
  senderEmail: z
    .email('Your email must be an email address, such as name@example.com')
    .max(254)
    .optional(),
  recipientTitle: short('Recipient title').optional(),
  recipientCompany: short('Recipient company').optional(),
  country: short('Country').optional(),
  region: short('State or province').optional(),
  /** The asking types' one deadline, in days from the letter's date. */
  replyWithinDays: days('Reply Within (days)').optional(),
  /** Marks the letter "Without prejudice": a settlement offer that cannot be used as an admission. */
  settlementOffer: z.boolean().optional(),
  /** A follow-up cites the first letter by its date and reference. */
  followUp: z
    .strictObject({
      letterId: z.uuid(),
      date: calendarDay('The first letter’s date'),
      reference: short('The first letter’s reference').optional(),
    })
    .optional(),
})

const cents = z
  .number({ message: 'Amount Owed must be an amount of money' })
  .int('Amount Owed must be in whole cents')
  .positive('Amount Owed must be more than zero')
  .max(100_000_000_000, 'Amount Owed is too large')

export const demandDetailsSchema = z.strictObject({
  amountCents: cents.optional(),
  currency: z.enum(CURRENCIES).optional(),
  amountFor: line('What the amount is for').optional(),
  dueDates: z.array(calendarDay('Date it fell due')).min(1).max(LIST_MAX).optional(),
  previousRequests: z.array(calendarDay('Previous request date')).min(1).max(LIST_MAX).optional(),
  paymentInstructions: passage('Payment instructions').optional(),
})

export const ceaseDetailsSchema = z.strictObject({
  conduct: passage('The conduct').optional(),
  conductSince: calendarDay('When it began').optional(),
  rightInfringed: z.enum(RIGHTS_INFRINGED).optional(),
  evidence: passage('Evidence').optional(),
  actionsDemanded: list('Actions demanded').optional(),
})

export const noticeDetailsSchema = z.strictObject({
  noticeKind: z.enum(NOTICE_KINDS).optional(),
  agreement: line('Contract or obligation').optional(),
  clause: short('Clause').optional(),
  curePeriodDays: days('Cure period (days)').optional(),
})

export const businessDetailsSchema = z.strictObject({
  purpose: passage('Purpose').optional(),
  proposal: passage('Proposal or request').optional(),
  nextStep: line('Next step').optional(),
})

export const strengthSchema = z.strictObject({
  strength: short('Strength'),
  example: passage('Example'),
})

export const recommendationDetailsSchema = z.strictObject({
  candidateName: short('Candidate').optional(),
  relationship: line('Relationship').optional(),
  knownFor: short('How long you have known them').optional(),
  candidateRole: line('Their role').optional(),
  strengths: z.array(strengthSchema).min(1).max(3, 'Give at most three strengths').optional(),
  recommendedFor: line('Recommended for').optional(),
})

export const corporateDetailsSchema = z.strictObject({
  documentKind: z.enum(CORPORATE_KINDS).optional(),
  meetingDate: calendarDay('Meeting date').optional(),
  meetingTime: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Meeting time must be a time, such as 14:30')
    .optional(),
  meetingPlace: line('Meeting place').optional(),
  agenda: list('Agenda items').optional(),
  recordDate: calendarDay('Record date').optional(),
  quorum: line('Quorum').optional(),
})

/** One section per type; a letter keeps only the section of its own type. */
export const letterDetailsSchema = commonDetailsSchema.extend({
  demand: demandDetailsSchema.optional(),
  cease: ceaseDetailsSchema.optional(),
  notice: noticeDetailsSchema.optional(),
  business: businessDetailsSchema.optional(),
  recommendation: recommendationDetailsSchema.optional(),
  corporate: corporateDetailsSchema.optional(),
})

export type LetterDetails = z.infer<typeof letterDetailsSchema>
export type DemandDetails = z.infer<typeof demandDetailsSchema>
export type CeaseDetails = z.infer<typeof ceaseDetailsSchema>
export type NoticeDetails = z.infer<typeof noticeDetailsSchema>
export type BusinessDetails = z.infer<typeof businessDetailsSchema>
export type RecommendationDetails = z.infer<typeof recommendationDetailsSchema>
export type CorporateDetails = z.infer<typeof corporateDetailsSchema>

export type DetailSection =
  'demand' | 'cease' | 'notice' | 'business' | 'recommendation' | 'corporate'

export const SECTION_OF_TYPE: Record<LetterType, DetailSection> = {
  'Demand Letter': 'demand',
  'Cease and Desist': 'cease',
  'Legal Notice': 'notice',
  'Business Letter': 'business',
  'Recommendation Letter': 'recommendation',
  'Corporate Document': 'corporate',
}

const SECTIONS = Object.values(SECTION_OF_TYPE)

/**
 * The details a letter of `type` keeps: its own section only, and no reply
 * machinery (Reply Within, settlement offer) for types that ask nothing back.
 */
export function detailsForType(type: LetterType, details: LetterDetails): LetterDetails {
  const kept: LetterDetails = { ...details }
  for (const section of SECTIONS) if (section !== SECTION_OF_TYPE[type]) delete kept[section]
  if (!asksForReply(type)) {
    delete kept.replyWithinDays
    delete kept.settlementOffer
    delete kept.followUp
  }
  return kept
}

/** How many days the reader is given: the asking types' Reply Within, or the seed's 30. */
export function replyWithinDays(details: LetterDetails | undefined): number {
  return details?.replyWithinDays ?? REPLY_WITHIN_DEFAULT
}
