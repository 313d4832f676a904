import type { RecommendationDetails } from '@/domain/letter-details'
import type { LetterFacts } from './letter-facts'
import { enclosed, paragraph, reachMe, theirWords } from './common-sentences'
import {
  asPassage,
  bare,
  endSentence,
  hasText,
  introduce,
  midSentence,
  oneLine,
  sentenceStart,
} from './typed-text'

const THE_CANDIDATE = 'the candidate'
const GENERAL_OPENING =
  'It is my pleasure to write this letter of recommendation in connection with the matter referred to above'

const HONORIFIC = /^(?:mr|mrs|ms|mx|dr|prof|professor)\.?$/iu

/**
 * How the letter calls the candidate after naming them in full: "Maria" for
 * Maria Lopez, "Dr. Lopez" for Dr. Maria Lopez; a name it cannot safely
 * shorten ("Lopez, Maria") stays whole.
 */
export function shortName(fullName: string): string {
  const words = fullName.split(/\s+/u).filter(hasText)
  const [first, second] = words
  const last = words.at(-1)
  if (first === undefined || second === undefined || last === undefined || fullName.includes(','))
    return fullName
  if (HONORIFIC.test(first)) return words.length > 2 ? `${first} ${last}` : fullName
  return first
}

/** "for four years", "since 2019": how long, as the person put it. */
const howLong = (knownFor: string) =>
  /^(?:for|since|over|about|nearly|almost|more|less)\b/iu.test(knownFor)
    ? knownFor
    : `for ${knownFor}`

function introduction(r: RecommendationDetails, name: string, short: string): string | undefined {
  const about = [r.candidateName, r.recommendedFor, r.knownFor, r.relationship, r.candidateRole]
  if (!about.some(hasText)) return r.strengths === undefined ? undefined : `${GENERAL_OPENING}.`
  const recommend = hasText(r.recommendedFor)
    ? `It is my pleasure to recommend ${name} ${endSentence(`for ${oneLine(r.recommendedFor)}`)}`
    : `It is my pleasure to recommend ${endSentence(name)}`
  const known = hasText(r.knownFor) ? ` ${bare(howLong(oneLine(r.knownFor)))}` : ''
  const relation = hasText(r.relationship)
    ? `I have known ${short}${known}, as ${endSentence(oneLine(r.relationship))}`
    : known === ''
      ? undefined
      : `I have known ${short}${known}.`
  const role = hasText(r.candidateRole)
    ? `${relation === undefined ? capitalized(short) : `In that time, ${short}`} has served as ${endSentence(oneLine(r.candidateRole))}`
    : undefined
  return paragraph(recommend, relation, role)
}

/** "the candidate" opens a sentence as "The candidate"; a name the person typed is left as typed. */
const capitalized = (short: string) => (short === THE_CANDIDATE ? 'The candidate' : short)

const ORDINALS = ['first', 'second', 'third'] as const

/** Each strength with the example that shows it, one paragraph each. */
function strengths(r: RecommendationDetails): string[] {
  const given = r.strengths ?? []
  if (given.length === 1) {
    const [only] = given
    return only === undefined
      ? []
      : [
          `${/^\p{Lu}/u.test(oneLine(only.strength)) ? `${bare(oneLine(only.strength))} is the quality that stands out most.` : `The quality that stands out most is ${endSentence(oneLine(only.strength))}`} ${endSentence(sentenceStart(asPassage(only.example)))}`,
        ]
  }
  const count = given.length === 2 ? 'Two' : 'Three'
  return given.map(({ strength, example }, i) => {
    const lead = i === 0 ? `${count} qualities stand out. ` : ''
    const ordinal = ORDINALS[i] ?? 'next'
    const quality = oneLine(strength)
    // A strength typed with a capital ("Leadership") opens its sentence, where the capital belongs.
    const named = /^\p{Lu}/u.test(quality)
      ? `${bare(quality)} is the ${ordinal}.`
      : `The ${ordinal} is ${endSentence(quality)}`
    return `${lead}${named} ${endSentence(sentenceStart(asPassage(example)))}`
  })
}

/**
 * The lead-in to the person's own summary: "To sum up: I recommend her…" reads
 * on, but an instruction to the reader ("Admit Ana…") is introduced as the
 * recommendation it is.
 */
const summingUp = (resolution: string) =>
  /^(?:i|we|my|our)\b/iu.test(resolution.trim())
    ? 'To sum up:'
    : 'In short, my recommendation is this:'

/**
 * A recommendation: who the candidate is to me and for how long, their role,
 * up to three strengths each with its example, what I recommend them for, and
 * my own words. It asks nothing of its reader and sets no date.
 */
export function recommendationBody(facts: LetterFacts): string[] {
  const d = facts.details
  const r = d.recommendation ?? {}
  const name = hasText(r.candidateName) ? midSentence(oneLine(r.candidateName)) : THE_CANDIDATE
  const short = hasText(r.candidateName) ? shortName(name) : THE_CANDIDATE
  const intro = introduction(r, name, short)
  const shown = strengths(r)
  const sincerely = `I give this recommendation sincerely, from my own knowledge${hasText(r.candidateName) ? ` of ${short}` : ''}.`
  const offer = `If it would help your consideration, I would be glad to discuss it; I can be reached ${reachMe(d)}.`
  return [
    ...(intro === undefined
      ? [`${GENERAL_OPENING}. My recommendation is set out below.`, theirWords(facts.resolution)]
      : [intro, ...shown, ...introduce(summingUp(facts.resolution), facts.resolution)]),
    paragraph(sincerely, offer, enclosed(d)),
  ]
}
