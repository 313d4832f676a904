import type { LetterDetails } from '@/domain/letter-details'
import { formatDay } from '@/domain/letter-format'
import type { LetterFacts } from './letter-facts'
import {
  claimInCourt,
  enclosed,
  followUpOpening,
  paragraph,
  party,
  partys,
  reachMe,
  reservation,
  theirWords,
  withoutPrejudice,
} from './common-sentences'
import { endSentence, hasText, introduce, numberedList } from './typed-text'

type Right = NonNullable<NonNullable<LetterDetails['cease']>['rightInfringed']>

/** What the conduct does, in words that claim the right without overstating it. */
const INFRINGES: Record<Right, (d: LetterDetails) => string> = {
  Trademark: (d) => `infringes ${partys(d)} trademark rights`,
  Copyright: (d) => `infringes ${partys(d)} copyright`,
  Harassment: (d) => `amounts to harassment of ${party(d)}`,
  Defamation: (d) => `is defamatory of ${party(d)}`,
  Contract: (d) => `breaches your contractual obligations to ${party(d)}`,
  Privacy: (d) => `infringes ${partys(d)} right to privacy`,
  Other: (d) => `infringes ${partys(d)} legal rights`,
}

/** The conduct, since when, the right it infringes and the evidence of it. */
function theConduct({ details: d }: LetterFacts): string[] {
  const c = d.cease ?? {}
  const since =
    c.conductSince === undefined ? '' : `, which began on or about ${formatDay(c.conductSince)}`
  const right =
    c.rightInfringed === undefined
      ? undefined
      : endSentence(`This conduct ${INFRINGES[c.rightInfringed](d)}`)
  const described = hasText(c.conduct)
    ? introduce(`I write about the following conduct${since}:`, c.conduct, right)
    : [paragraph(`I write about the conduct referred to above${since}.`, right)]
  const evidence = hasText(c.evidence)
    ? introduce('My evidence of this conduct includes the following:', c.evidence)
    : []
  return [...described, ...evidence]
}

/**
 * A cease and desist letter: the conduct and the right it infringes, the demand
 * that it stop with the person's own terms and the steps required, one date by
 * which to confirm, and a measured word on what may follow.
 */
export function ceaseBody(facts: LetterFacts): string[] {
  const d = facts.details
  const actions = d.cease?.actionsDemanded ?? []
  const demand = (it: string) =>
    `I demand that you immediately cease and desist from ${it}${d.followUp === undefined ? '' : ', as I asked in my earlier letter,'} and that you resolve the matter as set out below.`
  const opening =
    d.cease === undefined
      ? [paragraph('I write about the conduct referred to above.', demand('it'))]
      : [...theConduct(facts), demand('this conduct')]
  return [
    ...[followUpOpening(facts, true)].filter(hasText),
    ...opening,
    theirWords(facts.resolution),
    ...(actions.length > 0
      ? ['In particular, I require you to take the following steps:', numberedList(actions)]
      : []),
    paragraph(
      `Please confirm in writing, no later than ${facts.replyBy ?? ''}, that you have done so and that the conduct will not resume.`,
      `You can reach me ${reachMe(d)}.`,
      enclosed(d),
    ),
    paragraph(
      `If the conduct continues, or if I have not received your written confirmation by that date, I may pursue the remedies available to ${party(d)} without further notice, which may include ${claimInCourt(d)}.`,
      reservation(d),
      withoutPrejudice(d),
    ),
  ]
}
