import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { API_PATHS, errorBodySchema, okSchema } from '@/domain/api'
import { passwordResetRequestSchema, passwordResetSchema } from '@/domain/password-reset-schemas'
import { AppError } from '@/domain/errors'
import type { Db } from '../db/database'
import type { Background } from '../mail/background'
import type { Mailer } from '../mail/mail'
import { ownOrigin } from '../plugins/origin-check'
import { mailResetLink } from './password-reset-mail'
import { resetPassword } from './password-reset'
import { hashToken } from './tokens'

export type PasswordResetDeps = {
  db: Db
  clock: () => Date
  mailer: Mailer
  background: Background
  /** Reset requests and resets one address may send a minute (AUTH_RATE_LIMIT). */
  rateLimit: number
  /** The origin reset links point at (PUBLIC_ORIGIN); else the request's own. */
  publicOrigin: string | undefined
}

/** Reset links one e-mail may be sent in an hour, whoever asks and whether or not it has an account. */
export const RESET_REQUESTS_PER_EMAIL = 5
const HOUR_MS = 60 * 60_000

const refusals = { 400: errorBodySchema, 403: errorBodySchema, 429: errorBodySchema }

/**
 * `POST /api/auth/password-reset` and `POST /api/auth/password-reset/confirm`
 * (decision 034). The request answers 202 at once, the same for any e-mail;
 * finding the account and sending its link happen after the answer has gone.
 */
export function registerPasswordResetRoutes(parent: FastifyInstance, deps: PasswordResetDeps) {
  const app = parent.withTypeProvider<ZodTypeProvider>()
  const { db, clock } = deps
  const limited = {
    bodyLimit: 16 * 1024,
    config: { rateLimit: { max: deps.rateLimit, timeWindow: 60_000 } },
  }
  // Its own count beside the route's per-address one: the e-mail as the schema normalized it,
  // hashed so the address itself is kept nowhere.
  const countForEmail = parent.createRateLimit({
    max: RESET_REQUESTS_PER_EMAIL,
    timeWindow: HOUR_MS,
    keyGenerator: (request) =>
      `password-reset:${hashToken((request.body as { email: string }).email)}`,
  })
  const perEmail = async (request: FastifyRequest, reply: FastifyReply) => {
    const limit = await countForEmail(request)
    if (limit.isAllowed || !limit.isExceeded) return
    void reply.header('retry-after', limit.ttlInSeconds)
    throw new AppError(
      'RATE_LIMITED',
      `Too many reset links were asked for this e-mail. Please wait ${Math.ceil(limit.ttl / 60_000)} minutes and try again.`,
    )
  }

  app.post(
    API_PATHS.passwordReset,
    {
      ...limited,
      preHandler: perEmail,
      schema: {
        tags: ['auth'],
        description:
          'Sends a single-use link that sets a new password, valid for an hour, when the e-mail has an account. The answer is the same either way.',
        body: passwordResetRequestSchema.strict(),
        response: { 202: okSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const order = {
        email: request.body.email,
        origin: ownOrigin(request, deps.publicOrigin),
        ip: request.ip,
        now: clock(),
      }
      const log = request.log
      deps.background.run(() => mailResetLink({ db, mailer: deps.mailer, log }, order))
      return reply.status(202).send({ ok: true })
    },
  )

  app.post(
    API_PATHS.passwordResetConfirm,
    {
      ...limited,
      schema: {
        tags: ['auth'],
        description:
          "Sets the account's new password with a reset link's token, ends every session of the account and spends the token.",
        body: passwordResetSchema.strict(),
        response: { 200: okSchema, ...refusals },
      },
    },
    async (request) => {
      await resetPassword(db, request.body.token, request.body.password, clock(), request.ip)
      return { ok: true as const }
    },
  )
}
