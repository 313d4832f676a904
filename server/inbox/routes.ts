import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { errorBodySchema } from '@/domain/api'
import {
  contactMessageRequestSchema,
  errorReportRequestSchema,
  INBOX_PATHS,
  inboxReceiptSchema,
} from '@/domain/inbox-api'
import type { SessionDeps } from '../auth/require-session'
import { readSessionToken } from '../auth/session-cookie'
import { findSession } from '../auth/sessions'
import { storeErrorReport, storeMessage } from './store'

export type RateLimit = { max: number; timeWindowMs: number }

/**
 * Per address: a person sends the contact form a few times at most; an app
 * in trouble may report a burst of errors, but not a flood.
 */
export const INBOX_RATE_LIMITS = {
  messages: { max: 10, timeWindowMs: 60 * 60_000 },
  errors: { max: 30, timeWindowMs: 10 * 60_000 },
} satisfies Record<string, RateLimit>

export type InboxDeps = SessionDeps & {
  rateLimits?: Partial<Record<keyof typeof INBOX_RATE_LIMITS, RateLimit>>
}

/** A contact message is at most about 5,500 characters; JSON may spell each in six bytes. */
const MESSAGE_BODY_LIMIT = 64 * 1024
/** An error report is at most 24,000 characters. */
const ERROR_BODY_LIMIT = 192 * 1024

const refusals = {
  400: errorBodySchema,
  403: errorBodySchema,
  413: errorBodySchema,
  429: errorBodySchema,
}

const limited = ({ max, timeWindowMs }: RateLimit) => ({
  rateLimit: { max, timeWindow: timeWindowMs },
})

/** Who is signed in, when anyone is; a missing, ended or forged session is nobody, not a refusal. */
async function signedInUserId(deps: SessionDeps, request: FastifyRequest): Promise<string | null> {
  const token = readSessionToken(request)
  if (!token) return null
  const signedIn = await findSession(deps.db, token, deps.clock())
  return signedIn?.user.id ?? null
}

/** `POST /api/messages` (anyone) and `POST /api/errors` (signed in or not). */
export function registerInboxRoutes(parent: FastifyInstance, deps: InboxDeps) {
  const app = parent.withTypeProvider<ZodTypeProvider>()
  const rateLimits = { ...INBOX_RATE_LIMITS, ...deps.rateLimits }

  app.post(
    INBOX_PATHS.messages,
    {
      bodyLimit: MESSAGE_BODY_LIMIT,
      config: limited(rateLimits.messages),
      schema: {
        tags: ['inbox'],
        body: contactMessageRequestSchema,
        response: { 200: inboxReceiptSchema, 201: inboxReceiptSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { id, stored } = await storeMessage(deps.db, request.body, deps.clock())
      return reply.status(stored ? 201 : 200).send({ id })
    },
  )

  app.post(
    INBOX_PATHS.errors,
    {
      bodyLimit: ERROR_BODY_LIMIT,
      config: limited(rateLimits.errors),
      schema: {
        tags: ['inbox'],
        body: errorReportRequestSchema,
        response: { 200: inboxReceiptSchema, 201: inboxReceiptSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { id, stored } = await storeErrorReport(
        deps.db,
        {
          ...request.body,
          userId: await signedInUserId(deps, request),
          userAgent: request.headers['user-agent'] ?? '',
        },
        deps.clock(),
      )
      return reply.status(stored ? 201 : 200).send({ id })
    },
  )
}
