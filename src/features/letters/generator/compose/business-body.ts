import type { LetterFacts } from './letter-facts'
import {
  enclosed,
  followUpOpening,
  paragraph,
  reachMe,
  theirWords,
  withoutPrejudice,
} from './common-sentences'
import { hasText, introduce } from './typed-text'

/** Words typed to continue a sentence: they start in lower case ("to propose…", "a 12-month arrangement"). */
const continues = (text: string) => /^\p{Ll}/u.test(text.trim())

/** Why I am writing and what I propose, closed by the lead-in to the person's own words. */
function opening(facts: LetterFacts): string[] {
  const b = facts.details.business ?? {}
  const followUp = followUpOpening(facts, false)
  const asked = hasText(b.proposal)
    ? 'To summarise my request:'
    : 'What I would like to propose is set out below.'
  const purposeLead =
    hasText(b.purpose) && /^to\s/u.test(b.purpose.trim())
      ? 'I am writing'
      : 'I am writing to you for the following purpose:'
  const purpose = hasText(b.purpose)
    ? introduce(purposeLead, b.purpose, hasText(b.proposal) ? undefined : asked)
    : []
  const proposalLead =
    hasText(b.proposal) && continues(b.proposal)
      ? 'Specifically, I propose'
      : 'My proposal is this:'
  const proposal = hasText(b.proposal) ? introduce(proposalLead, b.proposal, asked) : []
  if (purpose.length > 0 || proposal.length > 0)
    return [...[followUp].filter(hasText), ...purpose, ...proposal]
  return [paragraph(followUp ?? 'I am writing to you about the matter referred to above.', asked)]
}

/**
 * A business letter: why I am writing, what I propose, what I ask for in the
 * person's own words, the next step, and one date for a reply, in a courteous
 * voice with nothing of a demand in it.
 */
export function businessBody(facts: LetterFacts): string[] {
  const d = facts.details
  const nextStep = d.business?.nextStep
  return [
    ...opening(facts),
    theirWords(facts.resolution),
    ...(hasText(nextStep)
      ? introduce(
          continues(nextStep)
            ? 'As a next step, I suggest'
            : 'As a next step, I suggest the following:',
          nextStep,
        )
      : []),
    paragraph(
      `I would be grateful for your reply by ${facts.replyBy ?? ''}.`,
      `If you have any questions, or would find it helpful to discuss this, please contact me ${reachMe(d)}.`,
      withoutPrejudice(d),
      enclosed(d),
    ),
    'Thank you for your time and consideration. I look forward to hearing from you.',
  ]
}
