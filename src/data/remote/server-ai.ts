import {
  AI_EVENT_SCHEMAS,
  AI_PATHS,
  type AiEvent,
  type AiStatus,
  aiStatusSchema,
} from '@/domain/ai-api'
import { AppError, isAppError, isErrorCode } from '@/domain/errors'
import { readSseEvents, type SseEvent } from '@/lib/sse'
import type { LetterheadDatabase } from '../database'
import { endSessionOf } from '../dexie/server-session'
import type {
  AiWriteOptions,
  AiWriteRequest,
  AiWritten,
  ServerAiRepository,
} from '../server-ai-repository'
import { ApiError, createApiClient, refusal } from './api-client'
import { asSignedIn } from './signed-in'

/**
 * How long the stream may stay silent before the server counts as gone. The
 * server sends a `: ping` after 15 s without events (decision 031), while a
 * request waits in line or for the model's first words.
 */
export const SILENCE_LIMIT_MS = 60_000

const BROKE_OFF =
  'The connection to the Letterhead server broke off before the letter was finished.'
const FELL_SILENT = 'The Letterhead server stopped answering before the letter was finished.'

export type ServerAiOptions = {
  db: LetterheadDatabase
  /** Pushes this device's changes; the letter to write is among them (SyncRepository.flushOutbox). */
  flushOutbox: () => Promise<boolean>
  /** The server ended this device's session: the app tells the person. */
  onSessionEnded: () => void
  fetch?: typeof globalThis.fetch
  online?: () => boolean
  silenceLimitMs?: number
}

/** One event of the stream, checked against its schema; null for an event this app does not know. */
function readEvent({ event, data }: SseEvent): AiEvent | null {
  if (!Object.hasOwn(AI_EVENT_SCHEMAS, event)) return null
  const schema = AI_EVENT_SCHEMAS[event as AiEvent['event']]
  let json: unknown
  try {
    json = JSON.parse(data)
  } catch {
    throw new AppError('SERVER_ERROR')
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) throw new AppError('SERVER_ERROR')
  return { event, data: parsed.data } as AiEvent
}

/** The `error` event as the error the app shows: the server's code and words. */
const streamError = ({ code, message }: { code: string; message: string }) =>
  new AppError(isErrorCode(code) ? code : 'SERVER_ERROR', message)

/**
 * The Letterhead server's AI (DESIGN.md §9, decision 031), in server mode:
 * its status as JSON, and a letter written as server-sent events.
 */
export function createServerAi(options: ServerAiOptions): ServerAiRepository {
  const { db, flushOutbox, onSessionEnded, silenceLimitMs = SILENCE_LIMIT_MS } = options
  const fetchImpl = options.fetch ?? ((...args) => globalThis.fetch(...args))
  const online = options.online ?? (() => navigator.onLine)
  const client = createApiClient({ fetch: fetchImpl, online })
  const signedIn = {
    db,
    endedElsewhere: async (userId: string) => {
      if (await endSessionOf(db, userId)) onSessionEnded()
    },
  }

  /** One request to write the letter, read to its `done` or `error`. */
  async function writeOnce(request: AiWriteRequest, { signal, onProgress }: AiWriteOptions) {
    const controller = new AbortController()
    const cancel = () => controller.abort()
    signal?.addEventListener('abort', cancel, { once: true })
    let silent = false
    let answered = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const heard = () => {
      clearTimeout(timer)
      timer = setTimeout(() => {
        silent = true
        controller.abort()
      }, silenceLimitMs)
    }
    try {
      heard()
      const response = await fetchImpl(AI_PATHS.generate, {
        method: 'POST',
        credentials: 'same-origin',
        cache: 'no-store',
        headers: { accept: 'text/event-stream', 'content-type': 'application/json' },
        body: JSON.stringify(request),
        signal: controller.signal,
      })
      answered = true
      // Refusals (the letter not found, letters owed, the rate limit) come as JSON, before any event.
      if (!response.ok) throw await refusal(response)
      if (!response.body) throw new AppError('SERVER_UNREACHABLE', BROKE_OFF)
      for await (const raw of readSseEvents(response.body, heard)) {
        const event = readEvent(raw)
        if (event?.event === 'done') return event.data
        if (event?.event === 'error') throw streamError(event.data)
        if (event) onProgress?.(event)
      }
      throw new AppError('SERVER_UNREACHABLE', BROKE_OFF)
    } catch (error) {
      if (signal?.aborted) throw error
      if (silent) throw new AppError('SERVER_UNREACHABLE', FELL_SILENT)
      if (error instanceof AppError) throw error
      // The network went away, the server never answered, or its connection dropped mid-letter.
      if (!online()) throw new AppError('NEEDS_CONNECTION')
      throw new AppError('SERVER_UNREACHABLE', answered ? BROKE_OFF : undefined)
    } finally {
      clearTimeout(timer)
      signal?.removeEventListener('abort', cancel)
    }
  }

  // The server's model changes only with its restart: while it cannot be asked, its last answer stands.
  let lastStatus: AiStatus | undefined

  return {
    status: async () => {
      try {
        lastStatus = await asSignedIn(signedIn, () =>
          client.json(AI_PATHS.status, aiStatusSchema, { offline: 'NEEDS_CONNECTION' }),
        )
      } catch (error) {
        if (!lastStatus || (isAppError(error) && error.code === 'SESSION_ENDED')) throw error
      }
      return lastStatus
    },

    write: (request, writeOptions = {}): Promise<AiWritten> =>
      asSignedIn(signedIn, async () => {
        if (!online()) throw new AppError('NEEDS_CONNECTION')
        // The letter was created on this device: the server knows it once the push is in.
        await flushOutbox()
        try {
          return await writeOnce(request, writeOptions)
        } catch (error) {
          const notThere = error instanceof ApiError && error.code === 'NOT_FOUND'
          if (!notThere || writeOptions.signal?.aborted) throw error
          // The push had not reached the server yet (another tab pushes, a retry was due): once more.
          await flushOutbox()
          return writeOnce(request, writeOptions)
        }
      }),
  }
}
