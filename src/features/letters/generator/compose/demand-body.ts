import { formatAmount, formatDay } from '@/domain/letter-format'
import type { LetterFacts } from './letter-facts'
import {
  claimInCourt,
  days,
  enclosed,
  followUpOpening,
  paragraph,
  party,
  reachMe,
  reservation,
  theirWords,
  withoutPrejudice,
} from './common-sentences'
import { endSentence, hasText, oneLine } from './typed-text'

/** What is owed, for what, since when, and when it was asked for: the facts before the demand. */
function factsOwed({ details: d }: LetterFacts): string | undefined {
  const owed = d.demand ?? {}
  const amount =
    owed.amountCents === undefined ? undefined : formatAmount(owed.amountCents, owed.currency)
  const owedTo = party(d)
  const forWhat = hasText(owed.amountFor)
    ? endSentence(`for ${oneLine(owed.amountFor)}`)
    : undefined
  const what =
    amount !== undefined
      ? `The sum of ${amount} is due to ${owedTo}${forWhat === undefined ? '.' : ` ${forWhat}`}`
      : forWhat !== undefined
        ? `Payment is due to ${owedTo} ${forWhat}`
        : undefined
  const dueDates = owed.dueDates ?? []
  const [onlyDue] = dueDates
  const fellDue =
    dueDates.length === 0
      ? undefined
      : dueDates.length === 1 && onlyDue !== undefined
        ? `Payment fell due on ${formatDay(onlyDue)}.`
        : `Payments fell due on ${days(dueDates)}.`
  const asked = owed.previousRequests ?? []
  const money = what !== undefined || fellDue !== undefined
  const unresolved = money ? 'the amount remains unpaid' : 'the matter remains unresolved'
  const requests =
    asked.length > 0
      ? `I asked you ${money ? 'for payment' : 'to resolve it'} on ${days(asked)}, but ${unresolved}.`
      : money
        ? `${unresolved.charAt(0).toUpperCase()}${unresolved.slice(1)}.`
        : undefined
  const said = paragraph(what, fellDue, requests)
  return said === '' ? undefined : said
}

/**
 * A demand: the facts (what is owed, for what, when it fell due, when it was
 * asked for), the formal demand with the person's own terms, one deadline, how
 * to pay, and a measured word on what may follow.
 */
export function demandBody(facts: LetterFacts): string[] {
  const d = facts.details
  const followUp = followUpOpening(facts, true)
  const owed = factsOwed(facts)
  const opening =
    owed === undefined && followUp === undefined
      ? [
          paragraph(
            'I write about the matter referred to above, which remains unresolved.',
            'This letter is my formal demand that you resolve it as set out below.',
          ),
        ]
      : [
          followUp,
          paragraph(
            owed,
            followUp === undefined
              ? 'This letter is my formal demand that you resolve the matter as set out below.'
              : 'I therefore repeat my formal demand that you resolve the matter as set out below.',
          ),
        ].filter(hasText)
  const instructions = d.demand?.paymentInstructions
  const deadline = `Please comply with this demand in full no later than ${facts.replyBy ?? ''}.`
  return [
    ...opening,
    theirWords(facts.resolution),
    // Payment instructions are often several lines (an account, a reference), so they stand alone.
    ...(hasText(instructions)
      ? [`${deadline} Payment should be made as follows:`, theirWords(instructions)]
      : [deadline]),
    paragraph(
      `If this demand is not met in full by that date, I may pursue the remedies available to ${party(d)} without further notice, which may include ${claimInCourt(d)}.`,
      reservation(d),
      withoutPrejudice(d),
    ),
    paragraph(
      'I would prefer to resolve this matter without taking that step.',
      `If you believe any part of this letter is mistaken, please tell me in writing before that date; you can reach me ${reachMe(d)}.`,
      enclosed(d),
    ),
  ]
}
