import type { LetterDetails } from '@/domain/letter-details'
import { formatDay, joinAnd } from '@/domain/letter-format'
import type { LetterFacts } from './letter-facts'
import { asPassage, endSentence, hasText, midSentence, oneLine } from './typed-text'

/** What the asking types share: who "I" speak for, where a claim would go, how to reach me. */

/** Whom the sender speaks for: "me", or the company named in the signature. */
export const party = (d: LetterDetails) =>
  hasText(d.senderCompany) ? midSentence(oneLine(d.senderCompany)) : 'me'

/** "my" or "Harper & Vale Carpentry’s". */
export const partys = (d: LetterDetails) =>
  hasText(d.senderCompany) ? `${midSentence(oneLine(d.senderCompany))}’s` : 'my'

/** Where a claim would be filed, as the person named it: the state or province, else the country. */
export function place(d: LetterDetails): string | undefined {
  if (hasText(d.region)) return oneLine(d.region)
  if (!hasText(d.country)) return undefined
  const country = oneLine(d.country)
  // "the United States", "the Netherlands"; "France" takes no article.
  return /^(?:united|netherlands|philippines|bahamas|gambia|czech|dominican|republic|kingdom|us|usa|uk|u\.s\.|u\.k\.)\b/iu.test(
    country,
  )
    ? `the ${country}`
    : country
}

/** " in the appropriate court in Massachusetts", or " in the appropriate court" where no place was given. */
export function court(d: LetterDetails): string {
  const where = place(d)
  return ` in the appropriate court${where === undefined ? '' : ` in ${where}`}`
}

/** "filing a claim in the appropriate court in Massachusetts" — measured, and civil only. */
export const claimInCourt = (d: LetterDetails) => `filing a claim${court(d)}`

export const reservation = (d: LetterDetails) =>
  `Nothing in this letter waives any of ${partys(d)} rights or remedies, all of which are reserved.`

/** Said once, under the WITHOUT PREJUDICE heading, so the offer cannot be read as an admission. */
export function withoutPrejudice(d: LetterDetails): string | undefined {
  return d.settlementOffer === true
    ? 'This letter is written without prejudice, in an effort to settle this matter, and is not an admission of any kind.'
    : undefined
}

export function enclosed(d: LetterDetails): string | undefined {
  const count = d.enclosures?.length ?? 0
  if (count === 0) return undefined
  return count === 1
    ? 'A copy of the document listed at the end of this letter is enclosed.'
    : 'Copies of the documents listed at the end of this letter are enclosed.'
}

/** "at (617) 555-0142 or jane@example.com", or the address above when neither was given. */
export function reachMe(d: LetterDetails): string {
  const ways = [d.senderPhone, d.senderEmail].filter(hasText).map(oneLine)
  return ways.length === 0 ? 'at the address above' : `at ${ways.join(' or ')}`
}

/**
 * A follow-up's opening: the first letter by its date and reference, and that
 * it went unanswered. The firm types add that this is the last request.
 */
export function followUpOpening({ details: d }: LetterFacts, final: boolean): string | undefined {
  const first = d.followUp
  if (first === undefined) return undefined
  const reference = hasText(first.reference) ? ` (reference ${oneLine(first.reference)})` : ''
  const wrote = `I wrote to you on ${formatDay(first.date)}${reference} about the matter referred to above.`
  return final
    ? `${wrote} You have not replied, and the matter remains unresolved. This is my final request before I take further steps.`
    : `${wrote} I have not yet had a reply, so I am writing to you again.`
}

/** "September 15, 2026 and October 1, 2026". */
export const days = (list: readonly string[]) => joinAnd(list.map(formatDay))

/** Sentences that are present, joined into one paragraph. */
export const paragraph = (...sentences: (string | undefined)[]) =>
  sentences.filter(hasText).join(' ')

/** The person's resolution as its own paragraph, after a lead-in that is a whole sentence. */
export const theirWords = (text: string) => endSentence(asPassage(text))
