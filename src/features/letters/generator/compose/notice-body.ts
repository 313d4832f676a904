import type { LetterDetails, NoticeDetails } from '@/domain/letter-details'
import type { LetterFacts } from './letter-facts'
import {
  claimInCourt,
  court,
  enclosed,
  followUpOpening,
  paragraph,
  party,
  reachMe,
  reservation,
  theirWords,
  withoutPrejudice,
} from './common-sentences'
import { endSentence, hasText, midSentence, oneLine, withArticle } from './typed-text'

type Kind = NonNullable<NoticeDetails['noticeKind']>

/** "clause 7.2", "Section 4(b)", "the payment terms": a clause as a sentence names it. */
function clauseName(clause: string): string {
  const text = midSentence(oneLine(clause))
  if (
    /^(?:clause|section|article|paragraph|para\.|schedule|annex|appendix|§|cl\.|sec\.|s\.)/iu.test(
      text,
    )
  )
    return text
  return /^\d/u.test(text) ? `clause ${text}` : withArticle(text)
}

/** The agreement as the letter names it after introducing it: "the Agreement", or "our agreement". */
const theAgreement = (n: NoticeDetails) =>
  hasText(n.agreement) ? 'the Agreement' : 'our agreement'

/** "clause 7.2 of the Agreement", "the Agreement", or undefined when neither was given. */
function provision(n: NoticeDetails): string | undefined {
  if (hasText(n.clause)) return `${clauseName(n.clause)} of ${theAgreement(n)}`
  return hasText(n.agreement) ? 'the Agreement' : undefined
}

/** What the notice is, said once: "This letter is formal notice that …". */
function whatItIs(kind: Kind | undefined, n: NoticeDetails, d: LetterDetails): string {
  const under = provision(n)
  switch (kind) {
    case 'Breach':
      return `This letter is formal notice that you are in breach of ${under ?? 'your obligations to ' + party(d) + ' concerning the matter referred to above'}. What is required to remedy the breach is set out below.`
    case 'Termination':
      return hasText(n.clause)
        ? `${endSentence(`This letter is formal notice that I am terminating ${theAgreement(n)} under ${clauseName(n.clause)}`)} What I require of you in connection with the termination is set out below.`
        : `This letter is formal notice that I am terminating ${hasText(n.agreement) ? 'the Agreement' : 'our agreement concerning the matter referred to above'}. What I require of you in connection with the termination is set out below.`
    case 'Intent to sue':
      return `This letter is formal notice that I intend to file a claim against you${court(d)} concerning ${under ?? 'the matter referred to above'} unless the matter is resolved as set out below.`
    default:
      return `This letter is formal notice to you concerning ${under ?? 'the matter referred to above'}. What I require of you is set out below.`
  }
}

function curePeriod(kind: Kind | undefined, n: NoticeDetails): string | undefined {
  if (n.curePeriodDays === undefined) return undefined
  const period = `${n.curePeriodDays} ${n.curePeriodDays === 1 ? 'day' : 'days'}`
  const agreement = hasText(n.agreement) ? 'The Agreement' : 'Our agreement'
  return kind === 'Breach'
    ? `${agreement} gives you a cure period of ${period} in which to remedy the breach, and nothing in this notice shortens it.`
    : `${agreement} provides a cure period of ${period}, and nothing in this notice shortens it.`
}

/** The one deadline, and what may follow it, in the words that fit the notice. */
function deadlineAndAfter(
  kind: Kind | undefined,
  facts: LetterFacts,
): { deadline: string; after?: string } {
  const d = facts.details
  const by = facts.replyBy ?? ''
  const remedies = `I may pursue the remedies available to ${party(d)}${hasText(d.notice?.agreement) ? ' under the Agreement and the law' : ''} without further notice, which may include ${claimInCourt(d)}.`
  switch (kind) {
    case 'Intent to sue':
      return {
        deadline: `If the matter has not been resolved as set out above by ${by}, I intend to proceed with the claim without further notice. I would prefer to resolve it without proceedings, and I remain willing to discuss it with you before that date.`,
      }
    case 'Breach':
      return {
        deadline: `Please reply in writing no later than ${by}, confirming the steps you have taken, or will take, to remedy the breach.`,
        after: `If I have not received a satisfactory reply by that date, ${remedies}`,
      }
    case 'Termination':
      return {
        deadline: `Please acknowledge this notice in writing no later than ${by}, and confirm that you will do what is set out above.`,
        after: `If I have not received your confirmation by that date, ${remedies}`,
      }
    default:
      return {
        deadline: `Please reply in writing no later than ${by}, confirming that you will do what is set out above.`,
        after: `If I have not received a satisfactory reply by that date, ${remedies}`,
      }
  }
}

/**
 * A legal notice: what it is (breach, termination, intent to sue), under which
 * agreement and clause, what is required, the contract's own cure period as a
 * term (never a second date), the one reply-by date, and what may follow.
 */
export function noticeBody(facts: LetterFacts): string[] {
  const d = facts.details
  const n = d.notice ?? {}
  const kind = n.noticeKind
  const refer = hasText(n.agreement)
    ? `I refer to ${midSentence(withArticle(oneLine(n.agreement)))} (the “Agreement”).`
    : undefined
  const { deadline, after } = deadlineAndAfter(kind, facts)
  return [
    ...[followUpOpening(facts, true)].filter(hasText),
    paragraph(refer, whatItIs(kind, n, d)),
    theirWords(facts.resolution),
    ...[curePeriod(kind, n)].filter(hasText),
    paragraph(deadline, `You can reach me ${reachMe(d)}.`, enclosed(d)),
    paragraph(after, reservation(d), withoutPrejudice(d)),
  ]
}
