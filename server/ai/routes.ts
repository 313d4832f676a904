import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  AI_PATHS,
  aiGenerateRequestSchema,
  aiStatusSchema,
  aiUsageQuerySchema,
  aiUsageReportSchema,
} from '@/domain/ai-api'
import { errorBodySchema } from '@/domain/api'
import { AppError } from '@/domain/errors'
import { z } from '@/lib/zod'
import { requireAdmin, requireSession } from '../auth/require-session'
import type { AiSettings } from '../config'
import type { Db } from '../db/database'
import { admit, priorityOf, Refused } from './admission'
import { AiEventStream } from './event-stream'
import { runGeneration, SHUTTING_DOWN } from './generation'
import { letterDate } from './letter-date'
import { ownLetter } from './letter-source'
import { lettersOwed } from './letters-owed'
import { QUEUE_TIMING, type QueueTiming } from './queue'
import { aiUsageReport } from './report'

export type AiDeps = {
  db: Db
  clock: () => Date
  /** The configured model; undefined when the server has no AI. */
  settings: AiSettings | undefined
  /** How the line is polled; tests shorten it. */
  timing?: QueueTiming
  /** How the model is called; Node's fetch when not given. */
  fetch?: typeof fetch
}

const refusals = {
  400: errorBodySchema,
  401: errorBodySchema,
  402: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  429: errorBodySchema,
  503: errorBodySchema,
}

const EVENT_STREAM = {
  description:
    'Server-sent events (decision 031): `queued` {position} while waiting for a slot, `started` {model}, `text` {text} for each piece the model writes, then `done` {text, untraced, model} with the letter the output guard cleaned, or `error` {code, message}.',
  content: { 'text/event-stream': { schema: z.string() } },
}

/**
 * AI through the server (DESIGN.md §9): whether it is there, a letter written
 * by the configured model and streamed to the browser, and the admin's view of
 * what it cost.
 */
export function registerAiRoutes(parent: FastifyInstance, deps: AiDeps) {
  const app = parent.withTypeProvider<ZodTypeProvider>()
  const running = new Set<AbortController>()
  // Streams in flight end now, with a word to their browsers, rather than holding up the shutdown.
  app.addHook('preClose', (done) => {
    for (const controller of running) controller.abort(SHUTTING_DOWN)
    done()
  })

  app.get(
    AI_PATHS.status,
    { schema: { tags: ['ai'], response: { 200: aiStatusSchema, 401: errorBodySchema } } },
    async (request, reply) => {
      await requireSession(deps, request, reply)
      void reply.header('cache-control', 'no-store')
      return deps.settings ? { available: true, model: deps.settings.model } : { available: false }
    },
  )

  app.post(
    AI_PATHS.generate,
    {
      schema: {
        tags: ['ai'],
        body: aiGenerateRequestSchema,
        response: { 200: EVENT_STREAM, ...refusals },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(deps, request, reply)
      const settings = deps.settings
      if (!settings) throw new AppError('AI_UNAVAILABLE')
      const now = deps.clock()
      const letter = await ownLetter(deps.db, user.id, request.body.letterId)
      const date = letterDate(letter, now, request.body.letterDate)
      if ((await lettersOwed(deps.db, user.id)) > 0) throw new AppError('LETTERS_OWED')
      const attempt = {
        userId: user.id,
        letterId: request.body.letterId,
        model: settings.model,
        arrivedAt: now,
      }
      const priority = await priorityOf(deps.db, user.id, now)
      const ticket = await admit(deps.db, settings, attempt, priority).catch((error: unknown) => {
        if (error instanceof Refused) void reply.header('retry-after', error.refusal.retryAfterS)
        throw error
      })

      const controller = new AbortController()
      running.add(controller)
      const events = new AiEventStream()
      // The browser went away before the letter was done: stop asking the model.
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) controller.abort()
      })
      void runGeneration(
        { db: deps.db, settings, timing: deps.timing ?? QUEUE_TIMING, fetch: deps.fetch },
        {
          attempt,
          ticket,
          request: request.body.answers ?? letter.request,
          date,
          events,
          signal: controller.signal,
          log: request.log,
        },
      ).finally(() => running.delete(controller))
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('x-accel-buffering', 'no')
          // The 200 schema describes the stream for OpenAPI; a stream is sent as it is, unserialized.
          .send(events.body as never)
      )
    },
  )

  app.get(
    AI_PATHS.adminUsage,
    {
      schema: {
        tags: ['admin'],
        querystring: aiUsageQuerySchema,
        response: { 200: aiUsageReportSchema, ...refusals },
      },
    },
    async (request, reply) => {
      await requireAdmin(deps, request, reply)
      return aiUsageReport(deps.db, deps.clock(), request.query.days)
    },
  )
}
