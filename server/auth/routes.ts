import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  API_PATHS,
  changePasswordSchema,
  errorBodySchema,
  sessionsResponseSchema,
  signedOutOthersSchema,
  userResponseSchema,
} from '@/domain/api'
import { adminSignUpSchema, signInSchema, signUpSchema } from '@/domain/auth-schemas'
import { AppError } from '@/domain/errors'
import { z } from '@/lib/zod'
import type { Db } from '../db/database'
import { credentials } from '../db/schema'
import { audit, createAccount, passwordHashOf, toApiUser } from './accounts'
import { hashPassword, verifyPassword } from './passwords'
import { requireSession } from './require-session'
import { clearSessionCookie, readSessionToken, setSessionCookie } from './session-cookie'
import {
  type UserRow,
  closeOtherSessions,
  closeSession,
  findSession,
  listSessions,
  openSession,
} from './sessions'
import { checkCredentials, LockedOut } from './sign-in'
import { sameSecret } from './tokens'

export type AuthDeps = {
  db: Db
  clock: () => Date
  adminSecret: string
  /** Auth requests one address may send a minute. */
  rateLimit: number
  drawCouponCode?: () => string
}

/** Auth bodies are small; anything larger is refused before it is read. */
const AUTH_BODY_LIMIT = 16 * 1024
const refusals = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
}

/** Routes that take nothing accept no body or an empty object, and refuse anything else. */
const noBody = z.strictObject({})
/** A request that sent no body at all (no Content-Type) is taken as the empty object. */
const nothingSentIsEmpty = (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
  if (request.headers['content-type'] === undefined && request.body == null) request.body = {}
  done()
}

export function registerAuthRoutes(parent: FastifyInstance, deps: AuthDeps) {
  const app = parent.withTypeProvider<ZodTypeProvider>()
  const { db, clock } = deps
  const limited = {
    bodyLimit: AUTH_BODY_LIMIT,
    config: { rateLimit: { max: deps.rateLimit, timeWindow: 60_000 } },
  }

  /** Opens a session for `user`, sets its cookie, and gives the answer every sign-in route sends. */
  async function startSession(
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserRow,
    now: Date,
  ) {
    const { token } = await openSession(db, user.id, request.headers['user-agent'] ?? '', now)
    setSessionCookie(request, reply, token)
    return { user: toApiUser(user) }
  }

  app.post(
    API_PATHS.signUp,
    {
      ...limited,
      schema: {
        tags: ['auth'],
        body: signUpSchema.strict(),
        response: { 201: userResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const now = clock()
      const user = await createAccount(db, request.body, {
        now,
        ip: request.ip,
        drawCouponCode: deps.drawCouponCode,
      })
      return reply.status(201).send(await startSession(request, reply, user, now))
    },
  )

  app.post(
    API_PATHS.adminSignUp,
    {
      ...limited,
      schema: {
        tags: ['auth'],
        body: adminSignUpSchema.strict(),
        response: { 201: userResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { adminSecret, ...account } = request.body
      if (!sameSecret(adminSecret, deps.adminSecret)) throw new AppError('INVALID_ADMIN_SECRET')
      const now = clock()
      const user = await createAccount(db, { ...account, role: 'admin' }, { now, ip: request.ip })
      return reply.status(201).send(await startSession(request, reply, user, now))
    },
  )

  app.post(
    API_PATHS.signIn,
    {
      ...limited,
      schema: {
        tags: ['auth'],
        body: signInSchema.strict(),
        response: { 200: userResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const now = clock()
      try {
        const user = await checkCredentials(db, request.body.email, request.body.password, {
          now,
          ip: request.ip,
        })
        await audit(db, user.id, 'sign-in', request.ip, now)
        return await startSession(request, reply, user, now)
      } catch (error) {
        if (error instanceof LockedOut)
          reply.header('retry-after', Math.ceil(error.retryAfterMs / 1000))
        throw error
      }
    },
  )

  app.post(
    API_PATHS.signOut,
    {
      bodyLimit: AUTH_BODY_LIMIT,
      preValidation: nothingSentIsEmpty,
      schema: { tags: ['auth'], body: noBody, response: { 204: z.null(), ...refusals } },
    },
    async (request, reply) => {
      const token = readSessionToken(request)
      const signedIn = token ? await findSession(db, token, clock()) : null
      if (signedIn) {
        await closeSession(db, signedIn.session.id)
        await audit(db, signedIn.user.id, 'sign-out', request.ip, clock())
      }
      clearSessionCookie(request, reply)
      return reply.status(204).send(null)
    },
  )

  app.get(
    API_PATHS.me,
    { schema: { tags: ['auth'], response: { 200: userResponseSchema, 401: errorBodySchema } } },
    async (request, reply) => ({
      user: toApiUser((await requireSession(deps, request, reply)).user),
    }),
  )

  app.get(
    API_PATHS.sessions,
    { schema: { tags: ['auth'], response: { 200: sessionsResponseSchema, 401: errorBodySchema } } },
    async (request, reply) => {
      const { session, user } = await requireSession(deps, request, reply)
      return { sessions: await listSessions(db, user.id, session.id, clock()) }
    },
  )

  app.post(
    API_PATHS.signOutOthers,
    {
      ...limited,
      preValidation: nothingSentIsEmpty,
      schema: {
        tags: ['auth'],
        body: noBody,
        response: { 200: signedOutOthersSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { session, user } = await requireSession(deps, request, reply)
      const ended = await closeOtherSessions(db, user.id, session.id)
      await audit(db, user.id, 'sign-out-others', request.ip, clock())
      return { ended }
    },
  )

  app.post(
    API_PATHS.changePassword,
    {
      ...limited,
      schema: {
        tags: ['auth'],
        body: changePasswordSchema.strict(),
        response: { 200: userResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { session, user } = await requireSession(deps, request, reply)
      const { currentPassword, newPassword } = request.body
      const stored = await passwordHashOf(db, user.id)
      if (!stored || !(await verifyPassword(stored, currentPassword))) {
        throw new AppError('WRONG_CURRENT_PASSWORD')
      }
      if (currentPassword === newPassword) throw new AppError('SAME_PASSWORD')
      const passwordHash = await hashPassword(newPassword)
      const now = clock()
      await db.transaction(async (tx) => {
        await tx
          .update(credentials)
          .set({ passwordHash, updatedAt: now })
          .where(eq(credentials.userId, user.id))
        await closeOtherSessions(tx, user.id, session.id)
        await audit(tx, user.id, 'change-password', request.ip, now)
      })
      return { user: toApiUser(user) }
    },
  )
}
