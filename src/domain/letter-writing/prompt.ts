import { letterInstructions } from './prompt-instructions'
import type { LetterRequest } from './request'
import { type WrittenAnswers, writtenAnswers } from './written-answers'

export type ChatMessage = { role: 'system' | 'user'; content: string }

/** A fresh, unguessable tag for each request, so typed text can never close the data block. */
const newBoundary = () => `LETTER-DATA-${crypto.randomUUID().slice(0, 8).toUpperCase()}`

/** Every key the data answers, sections' keys as `demand.amount`. */
function answeredKeys(data: WrittenAnswers): Set<string> {
  const keys = new Set<string>()
  for (const [key, value] of Object.entries(data)) {
    keys.add(key)
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      for (const inner of Object.keys(value)) keys.add(`${key}.${inner}`)
  }
  return keys
}

/**
 * The instructions hold only what the app itself decides (the type, chosen from a
 * fixed list, the dates it computed, which answers were given). Every answer goes
 * in the user message as one JSON object between two marker lines, with amounts
 * and days written as the letter writes them, and the instructions say that block
 * is data, so nothing the person wrote can be read as an instruction.
 */
export function buildLetterPrompt(
  request: LetterRequest,
  date: Date,
  boundary: string = newBoundary(),
): ChatMessage[] {
  const data = writtenAnswers(request, date)
  const keys = answeredKeys(data)
  const { responseDeadline: day, replyWithinDays: days } = data
  const instructions = letterInstructions({
    type: request.type,
    boundary,
    date: data.date,
    deadline: day !== undefined && days !== undefined ? { day, days } : undefined,
    has: (key) => keys.has(key),
  })
  return [
    { role: 'system', content: instructions },
    {
      role: 'user',
      content: `BEGIN ${boundary}\n${JSON.stringify(data, null, 2)}\nEND ${boundary}`,
    },
  ]
}
