import type { FastifyBaseLogger } from 'fastify'
import { type ErrorCode, ERROR_MESSAGES } from '@/domain/errors'
import {
  cleanModelOutput,
  MAX_LETTER_CHARS,
  outputProblem,
} from '@/domain/letter-writing/output-guard'
import { buildLetterPrompt } from '@/domain/letter-writing/prompt'
import type { LetterRequest } from '@/domain/letter-writing/request'
import { untracedFacts } from '@/domain/letter-writing/traceability'
import type { AiSettings } from '../config'
import type { AiOutcome } from '../db/ai-schema'
import type { Db } from '../db/database'
import { loggable } from '../http/errors'
import type { Attempt, Ticket } from './admission'
import type { AiEventStream } from './event-stream'
import { heartbeat, QueueTimeout, type QueueTiming, waitForSlot } from './queue'
import { completeChat, UpstreamFailure, type UpstreamUsage } from './upstream'
import { recordAttempt } from './usage'

export type GenerationDeps = {
  db: Db
  settings: AiSettings
  timing: QueueTiming
  fetch?: typeof fetch
}

export type Generation = {
  attempt: Attempt
  ticket: Ticket
  request: LetterRequest
  date: Date
  events: AiEventStream
  /** Aborted when the browser goes away or the server shuts down. */
  signal: AbortSignal
  log: FastifyBaseLogger
}

/** Past this much raw text a reply cannot clean down to a letter within the limit. */
const MAX_RAW_CHARS = MAX_LETTER_CHARS * 2

type Ending = {
  outcome: AiOutcome
  usage?: UpstreamUsage
  error?: { code: ErrorCode; message: string }
  /** Why, in words safe to log: never the letter or what the model said. */
  reason?: string
  status?: number
}

/**
 * Runs one admitted attempt to its end: waits for a slot (saying its place in
 * line), streams the model's text, applies the output guard, sends `done` or
 * `error`, and records what it cost. Never throws; the stream always ends.
 */
export async function runGeneration(deps: GenerationDeps, generation: Generation) {
  const { attempt, ticket, events, signal } = generation
  const arrived = performance.now()
  // Until a slot is had; an attempt that never had one waited its whole time.
  let queuedMs: number | undefined
  let promptChars = 0
  let replyChars = 0
  let ending: Ending
  let beat: NodeJS.Timeout | undefined
  try {
    await waitForSlot(deps.db, ticket, {
      concurrency: deps.settings.concurrency,
      timing: deps.timing,
      maxWaitMs: deps.settings.queueTimeoutMs,
      signal,
      onPosition: (position) => events.send({ event: 'queued', data: { position } }),
    })
    queuedMs = performance.now() - arrived
    // A long generation stays alive in the line's eyes.
    beat = setInterval(() => {
      heartbeat(deps.db, ticket.id).catch(() => undefined)
    }, deps.timing.staleMs / 4)
    events.send({ event: 'started', data: { model: deps.settings.model } })
    const messages = buildLetterPrompt(generation.request, generation.date)
    promptChars = messages.reduce((sum, message) => sum + message.content.length, 0)
    const completion = await completeChat({
      settings: deps.settings,
      messages,
      signal,
      maxChars: MAX_RAW_CHARS,
      fetch: deps.fetch,
      onText: (text) => {
        replyChars += text.length
        events.send({ event: 'text', data: { text } })
      },
    })
    ending = finish(deps, generation, completion.text)
    ending.usage = completion.usage
  } catch (error) {
    ending = failure(error, signal)
    if (ending.reason === undefined) {
      generation.log.error({ err: loggable(error) }, 'the AI generation failed')
    }
  } finally {
    clearInterval(beat)
  }
  if (ending.error) events.send({ event: 'error', data: ending.error })
  const ms = performance.now() - arrived
  const waited = queuedMs ?? ms
  try {
    await recordAttempt(deps.db, attempt, ticket, {
      outcome: ending.outcome,
      usage: ending.usage,
      promptChars,
      replyChars,
      ms,
      queuedMs: waited,
    })
  } catch (error) {
    generation.log.error({ err: loggable(error) }, 'the AI attempt could not be recorded')
  }
  generation.log.info(
    {
      ai: {
        letterId: attempt.letterId,
        model: attempt.model,
        outcome: ending.outcome,
        reason: ending.reason,
        upstreamStatus: ending.status,
        ms: Math.round(ms),
        queuedMs: Math.round(waited),
        tokensIn: ending.usage?.tokensIn,
        tokensOut: ending.usage?.tokensOut,
      },
    },
    'AI generation ended',
  )
  events.end()
}

/** The guard's verdict on the whole reply, sent as `done` or as a refusal. */
function finish(deps: GenerationDeps, generation: Generation, text: string): Ending {
  const { request, date, events } = generation
  const letter = cleanModelOutput(text, request)
  const problem = outputProblem(letter, request, date)
  if (problem !== null) {
    return {
      outcome: 'refused',
      reason: 'output guard',
      error: {
        code: 'AI_OUTPUT_REFUSED',
        message: `${ERROR_MESSAGES.AI_OUTPUT_REFUSED} ${problem}`,
      },
    }
  }
  const untraced = untracedFacts(letter, request, date)
  events.send({ event: 'done', data: { text: letter, untraced, model: deps.settings.model } })
  return { outcome: 'ok' }
}

function failure(error: unknown, signal: AbortSignal): Ending {
  if (error instanceof QueueTimeout) {
    return {
      outcome: 'timeout',
      reason: error.message,
      error: { code: 'AI_TIMEOUT', message: QUEUE_TIMEOUT_MESSAGE },
    }
  }
  if (error instanceof UpstreamFailure) {
    if (error.kind === 'cancelled') return cancelled(signal)
    if (error.kind === 'timeout') {
      return {
        outcome: 'timeout',
        reason: error.message,
        error: { code: 'AI_TIMEOUT', message: `${error.message} Please try again.` },
      }
    }
    return {
      outcome: 'upstream_error',
      reason: error.message,
      status: error.status,
      error: { code: 'AI_UPSTREAM_FAILED', message: error.message },
    }
  }
  // Aborted while waiting in line.
  if (signal.aborted) return cancelled(signal)
  // Not the model's doing (the database, a fault here): logged by the caller.
  return {
    outcome: 'upstream_error',
    error: { code: 'AI_UPSTREAM_FAILED', message: ERROR_MESSAGES.AI_UPSTREAM_FAILED },
  }
}

/** The browser left (nobody reads the error), or the server is shutting down (the browser does). */
function cancelled(signal: AbortSignal): Ending {
  const shuttingDown = signal.reason === SHUTTING_DOWN
  return {
    outcome: 'cancelled',
    reason: shuttingDown ? 'server shutting down' : 'browser went away',
    error: {
      code: 'AI_UPSTREAM_FAILED',
      message: shuttingDown
        ? 'The Letterhead server is restarting, so the letter was not finished. Please try again in a moment.'
        : ERROR_MESSAGES.AI_UPSTREAM_FAILED,
    },
  }
}

const QUEUE_TIMEOUT_MESSAGE =
  'Many letters are being written with the AI model just now, and yours waited too long for its turn. Please try again in a few minutes.'

/** The reason the server's shutdown aborts generations with. */
export const SHUTTING_DOWN = 'letterhead-shutting-down'
