import { RESPONSE_DAYS } from '@/domain/letter-dates'
import type { LetterType } from '@/domain/letter-schema'

/** What a body needs: the person's own words, verbatim, and the reply-by date written out. */
export type BodyFacts = {
  matter: string
  resolution: string
  deadline: string
}

/** Returns the body's paragraphs, in order; the person's resolution is one of them, as typed. */
export type BodyWriter = (facts: BodyFacts) => string[]

/**
 * Ends a sentence after the person's own words without doubling their punctuation:
 * "Unpaid invoice" gains a full stop, "Who owns the fence?" keeps its question mark.
 */
export function endSentence(text: string): string {
  return /[.!?]["'\u201d\u2019)]*$/u.test(text) ? text : `${text}.`
}

const demandLetter: BodyWriter = ({ matter, resolution, deadline }) => [
  `I am writing to make a formal demand concerning the following matter: ${endSentence(matter)} ` +
    'This letter sets out what I require of you, so that there is a clear written record of ' +
    'my position. To resolve this matter, I demand the following:',
  resolution,
  `Please comply with this demand and confirm in writing within ${RESPONSE_DAYS} days of the ` +
    `date of this letter, that is, on or before ${deadline}. If the matter is not resolved by ` +
    'that date, I am prepared to pursue the remedies available to me, which may include legal ' +
    'action, without further notice to you. I would prefer to settle this matter without taking ' +
    'that step, and I trust you will give it your prompt attention.',
]

const ceaseAndDesist: BodyWriter = ({ matter, resolution, deadline }) => [
  'I am writing to demand that you immediately cease and desist from the conduct described ' +
    `here: ${endSentence(matter)} This conduct is taking place without my consent and must stop ` +
    'at once. Specifically, I require the following:',
  resolution,
  `Please confirm in writing within ${RESPONSE_DAYS} days of the date of this letter, and no ` +
    `later than ${deadline}, that you have stopped this conduct and will not resume it. If the ` +
    'conduct continues, or if I do not receive your written confirmation by that date, I am ' +
    'prepared to take further steps to protect my rights, which may include legal action. ' +
    'Nothing in this letter waives any of my rights or remedies, all of which are expressly ' +
    'reserved.',
]

const legalNotice: BodyWriter = ({ matter, resolution, deadline }) => [
  'Please take notice that this letter is formal notice to you concerning the following ' +
    `matter: ${endSentence(matter)} It is sent so that you are fully informed of the matter and ` +
    'of what is required of you. The resolution required is as follows:',
  resolution,
  `You are requested to respond in writing within ${RESPONSE_DAYS} days of the date of this ` +
    `notice, on or before ${deadline}. If no satisfactory response is received by that date, I ` +
    'intend to proceed with the next appropriate steps without further notice, which may ' +
    'include legal proceedings. Please keep this notice with your records, as it may be relied ' +
    'upon as proof that notice was given.',
]

const businessLetter: BodyWriter = ({ matter, resolution, deadline }) => [
  'I hope this letter finds you well. I am writing to you concerning the following matter: ' +
    `${endSentence(matter)} I appreciate your attention to it and would like to settle it in a ` +
    'way that works well for both of us. I propose the following:',
  resolution,
  `I would be grateful for your reply within ${RESPONSE_DAYS} days of the date of this letter, ` +
    `by ${deadline}, so that we can move forward. If you have any questions, or would find it ` +
    'helpful to discuss this further, please do not hesitate to contact me at the address ' +
    'above. Thank you for your time and consideration; I look forward to hearing from you.',
]

const recommendationLetter: BodyWriter = ({ matter, resolution, deadline }) => [
  `It is my pleasure to write to you in support of the following: ${endSentence(matter)} I ` +
    'offer this recommendation sincerely and with confidence, and I hope it will assist you ' +
    'in your consideration. My recommendation is as follows:',
  resolution,
  'I would welcome the chance to discuss this recommendation further and to answer any ' +
    'questions you may have. If it would help your decision, I would be glad to hear from you ' +
    `within ${RESPONSE_DAYS} days of the date of this letter, by ${deadline}, and I am happy ` +
    'to provide any further information you may need. Thank you for taking the time to ' +
    'consider this recommendation.',
]

const corporateDocument: BodyWriter = ({ matter, resolution, deadline }) => [
  'This letter is formal corporate notice concerning the following matter: ' +
    `${endSentence(matter)} It is issued for your information and attention and forms part of ` +
    'the official record of this matter. The resolution set out for your attention is as ' +
    'follows:',
  resolution,
  'Please acknowledge receipt of this notice and confirm your position in writing within ' +
    `${RESPONSE_DAYS} days of the date of this letter, on or before ${deadline}. If no response ` +
    'is received by that date, the matter will proceed as set out above, and this letter will ' +
    'be kept with the corporate records as confirmation that notice was given. Should you ' +
    'require any clarification, please direct your enquiries to me at the address above.',
]

export const LETTER_BODIES: Record<LetterType, BodyWriter> = {
  'Demand Letter': demandLetter,
  'Cease and Desist': ceaseAndDesist,
  'Legal Notice': legalNotice,
  'Business Letter': businessLetter,
  'Recommendation Letter': recommendationLetter,
  'Corporate Document': corporateDocument,
}
