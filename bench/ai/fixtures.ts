import { randomUUID } from 'node:crypto'
import { SYNC_SCHEMA_VERSION } from '@/domain/api'
import { SYNC_PATHS } from '@/domain/sync'
import type { Account } from '../server/accounts'

/** The model the server is configured with; the mock answers to any name. */
export const MODEL = 'bench-letter-model'

const SENDER = 'Ada Sender'
const RECIPIENT = 'Bob Recipient'

/**
 * A recommendation letter asks for no reply, so the output guard needs only
 * the two names in the text the mock streams: every generation ends `done`.
 */
function benchLetter() {
  return {
    id: randomUUID(),
    type: 'Recommendation Letter',
    senderName: SENDER,
    senderAddress: '1 Main Street, Springfield',
    recipientName: RECIPIENT,
    recipientAddress: '2 High Street, Shelbyville',
    matter: 'Recommendation of Carol Candidate',
    resolution: 'Consider Carol Candidate for the analyst position.',
    generator: 'built-in',
    createdAt: new Date().toISOString(),
  }
}

const PROSE =
  'Carol Candidate worked with me for three years and was careful, prompt and kind to everyone she served. '

/** A letter of about `chars` characters, with both names, as a well-behaved model writes it. */
export function letterText(chars: number): string {
  const opening = `Dear ${RECIPIENT},\n\n`
  const closing = `\n\nSincerely,\n${SENDER}`
  const room = Math.max(PROSE.length, chars - opening.length - closing.length)
  const body = PROSE.repeat(Math.ceil(room / PROSE.length))
    .slice(0, room)
    .trimEnd()
  return `${opening}${body}${closing}`
}

/** One letter of `account`'s pushed through sync, as its device records a new letter; its id. */
export async function pushLetter(origin: string, account: Account): Promise<string> {
  const letter = benchLetter()
  const response = await fetch(`${origin}${SYNC_PATHS.push}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: account.cookie },
    body: JSON.stringify({
      clientId: randomUUID(),
      schemaVersion: SYNC_SCHEMA_VERSION,
      mutations: [{ id: 1, name: 'letters.create', args: { letter } }],
    }),
  })
  const answer = await response.text()
  if (response.status !== 200 || !answer.includes('"refused":[]'))
    throw new Error(`The letter was not pushed: ${response.status} ${answer}`)
  return letter.id
}

/** The body of `POST /api/ai/generate` for that letter. */
export const generateBody = (letterId: string) => JSON.stringify({ letterId })

/** A chat completion request as the server sends it, for the mock called directly. */
export const directBody = () =>
  JSON.stringify({
    model: MODEL,
    stream: true,
    messages: [{ role: 'user', content: 'Write the letter.' }],
  })
