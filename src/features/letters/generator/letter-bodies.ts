import type { LetterType } from '@/domain/letter-schema'
import { businessBody } from './compose/business-body'
import { ceaseBody } from './compose/cease-body'
import { corporateBody } from './compose/corporate-body'
import { demandBody } from './compose/demand-body'
import type { LetterFacts } from './compose/letter-facts'
import { noticeBody } from './compose/notice-body'
import { recommendationBody } from './compose/recommendation-body'

/** Returns the body's paragraphs, in order, from the greeting to the closing. */
export type BodyWriter = (facts: LetterFacts) => string[]

/** Each type's body and the closing that fits it. */
export const LETTER_BODIES: Record<LetterType, { body: BodyWriter; closing: string }> = {
  'Demand Letter': { body: demandBody, closing: 'Sincerely,' },
  'Cease and Desist': { body: ceaseBody, closing: 'Sincerely,' },
  'Legal Notice': { body: noticeBody, closing: 'Respectfully,' },
  'Business Letter': { body: businessBody, closing: 'Sincerely,' },
  'Recommendation Letter': { body: recommendationBody, closing: 'Sincerely,' },
  'Corporate Document': { body: corporateBody, closing: 'Respectfully,' },
}
