/**
 * A letter that asks nothing of its reader (a recommendation, a corporate
 * document) must not ask for a reply by a deadline. This finds the sentence
 * that does: addressed to the reader ("please", "kindly", "you", "let me
 * know"), it asks them to reply, respond, confirm or acknowledge, then says
 * "by", "on or before", "no later than", "before" or "within" and a date or a
 * number of days. Statements ("I can confirm she worked here until June 30,
 * 2024"), past tenses ("she responded by …") and offers are not requests.
 */

const WEEKDAY = String.raw`(?:(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday),?\s+)?`
const MONTH = String.raw`(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\b\.?`
const YEAR = String.raw`(?:,?\s+\d{4}\b)?`
const A_DATE =
  String.raw`${WEEKDAY}(?:${MONTH}\s+\d{1,2}(?:st|nd|rd|th)?\b${YEAR}|` +
  String.raw`\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?${MONTH}${YEAR}|` +
  String.raw`\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b|\d{4}-\d{2}-\d{2}\b)`
const DAYS = String.raw`\d+\s+(?:calendar\s+|business\s+|working\s+)?days?\b`

const REPLY_BY = new RegExp(
  String.raw`\b(?:respond|reply|response|confirm|confirmation|acknowledge|acknowledg(?:e)?ment|RSVP|let\s+(?:me|us)\s+know|get\s+back\s+to\s+(?:me|us))\b` +
    String.raw`[^.!?\n]{0,160}?\b(?:by|on\s+or\s+before|no\s+later\s+than|before|within)\s+(?:the\s+)?(?:${A_DATE}|${DAYS})`,
  'gi',
)

/** Words that turn a sentence to its reader. */
const TO_THE_READER = /\b(?:please|kindly|you|your|RSVP|let\s+(?:me|us)\s+know|get\s+back)\b/i

/** The words of the letter that ask for a reply by a deadline, or undefined when none do. */
export function replyRequestIn(letter: string): string | undefined {
  for (const match of letter.matchAll(REPLY_BY)) {
    const sentenceStart =
      Math.max(...['.', '!', '?', '\n\n'].map((end) => letter.lastIndexOf(end, match.index))) + 1
    const sentence = letter.slice(sentenceStart, match.index + match[0].length)
    if (TO_THE_READER.test(sentence)) return match[0].replace(/\s+/g, ' ')
  }
  return undefined
}
