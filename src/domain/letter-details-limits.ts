import { LINE_MAX, PASSAGE_MAX, SHORT_MAX } from './letter-details'

/**
 * The most characters each typed answer of the guided questions may hold, by
 * its path in the letter's details (a list's index left out), as the details
 * schema checks them: the form counts down to these. A test holds the two
 * together. Lists typed one item a line are checked line by line and are not here.
 */
export const DETAIL_TEXT_LIMITS: Readonly<Record<string, number>> = {
  reference: SHORT_MAX,
  senderTitle: SHORT_MAX,
  senderCompany: SHORT_MAX,
  senderEmail: 254,
  recipientTitle: SHORT_MAX,
  recipientCompany: SHORT_MAX,
  country: SHORT_MAX,
  region: SHORT_MAX,
  'followUp.reference': SHORT_MAX,
  'demand.amountFor': LINE_MAX,
  'demand.paymentInstructions': PASSAGE_MAX,
  'cease.conduct': PASSAGE_MAX,
  'cease.evidence': PASSAGE_MAX,
  'notice.agreement': LINE_MAX,
  'notice.clause': SHORT_MAX,
  'business.purpose': PASSAGE_MAX,
  'business.proposal': PASSAGE_MAX,
  'business.nextStep': LINE_MAX,
  'recommendation.candidateName': SHORT_MAX,
  'recommendation.relationship': LINE_MAX,
  'recommendation.knownFor': SHORT_MAX,
  'recommendation.candidateRole': LINE_MAX,
  'recommendation.strengths.strength': SHORT_MAX,
  'recommendation.strengths.example': PASSAGE_MAX,
  'recommendation.recommendedFor': LINE_MAX,
  'corporate.meetingPlace': LINE_MAX,
  'corporate.quorum': LINE_MAX,
}

/** The limit of the answer at a form path such as `details.recommendation.strengths.0.strength`. */
export function detailTextLimit(formPath: string): number | undefined {
  const [root, ...rest] = formPath.split('.')
  if (root !== 'details') return undefined
  return DETAIL_TEXT_LIMITS[rest.filter((part) => !/^\d+$/.test(part)).join('.')]
}
