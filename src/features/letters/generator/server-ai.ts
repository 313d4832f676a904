import type { ServerAiRepository } from '@/data/server-ai-repository'
import { calendarDayOf } from '@/domain/reply-tracking'
import type { LetterGenerator } from './letter-generator'

/** The engine's id; a letter it wrote records `server-ai:<model>`. */
export const SERVER_AI_ID = 'server-ai'

export const serverAiGeneratorId = (model: string) => `${SERVER_AI_ID}:${model}`

/** Why a letter's new answers are not sent: the server writes a letter from the answers it has. */
export const UNSAVED_ANSWERS_REASON =
  "The server's AI writes only a letter stored on this device, so this one was written by the built-in engine."

/**
 * Letters written by the Letterhead server's AI model (decision 031): the
 * server reads the letter's saved answers, so the letter is named by its id,
 * dated by this device's calendar day. The place in line and the text so far
 * are passed on as they arrive; the letter is the server's cleaned `done` text.
 * `chosen` is false when it is the engine only because nothing was chosen.
 */
export function createServerAiGenerator(
  ai: ServerAiRepository,
  { chosen = true }: { chosen?: boolean } = {},
): LetterGenerator {
  return {
    id: SERVER_AI_ID,
    needsNetwork: true,
    // Not known (offline, the server never answered): the person who chose it is told why it was
    // not used; for whoever did not choose, the built-in composer is simply the engine.
    available: () =>
      ai.status().then(
        (status) => status.available,
        () => chosen,
      ),
    async generate(request, { date, letterId, signal, onText, onQueue }) {
      if (letterId === undefined) throw new Error(UNSAVED_ANSWERS_REASON)
      let text = ''
      onText?.('')
      const written = await ai.write(
        // The answers it is asked with: the saved ones for a new letter, the new ones for Change Answers.
        { letterId, letterDate: calendarDayOf(date), answers: request },
        {
          signal,
          onProgress: (event) => {
            if (event.event === 'queued') return onQueue?.(event.data.position)
            if (event.event === 'started') return onQueue?.(null)
            text += event.data.text
            onText?.(text)
          },
        },
      )
      return { content: written.text, generator: serverAiGeneratorId(written.model) }
    },
  }
}
