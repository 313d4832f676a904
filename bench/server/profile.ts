import { randomUUID } from 'node:crypto'
import cookie from '@fastify/cookie'
import helmet from '@fastify/helmet'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import {
  API_PATHS,
  type ApiUser,
  errorBody,
  errorBodySchema,
  userResponseSchema,
} from '@/domain/api'
import { toApiUser } from '../../server/auth/accounts'
import { requireSession } from '../../server/auth/require-session'
import { readSessionToken, setSessionCookie } from '../../server/auth/session-cookie'
import { touchSession } from '../../server/auth/sessions'
import { hashToken } from '../../server/auth/tokens'
import type { Database } from '../../server/db/database'
import { registerErrorHandling } from '../../server/http/errors'
import { loggerOptions } from '../../server/http/logger'
import { cspDirectives, registerHelmet } from '../../server/plugins/helmet'
import { registerOriginCheck } from '../../server/plugins/origin-check'
import { registerRateLimit } from '../../server/plugins/rate-limit'
import { registerSwagger } from '../../server/plugins/swagger'
import { findSessionQuery, rawFindUser, tokenFromHeader } from './floor'

/**
 * What buildApp (server/app.ts) puts between a request and `GET /api/auth/me`, as layers the
 * profile turns on one at a time. The server code is not changed: each step is its own app, built
 * here from the server's own modules in buildApp's order.
 */
export type Layers = {
  /** buildApp's Fastify options: pino at the bench's level with redaction, UUID request ids. */
  options: boolean
  /** @fastify/cookie, and the token read as the server reads it. */
  cookie: boolean
  /**
   * `route`: the security headers as the server sets them (computed once at start-up);
   * `per-request`: @fastify/helmet with the server's options, which rebuilds helmet's middleware
   * for every request.
   */
  helmet: 'off' | 'route' | 'per-request'
  /** Swagger, the rate-limit plugin, the Origin check hook and the error handler. */
  plugins: boolean
  /** fastify-type-provider-zod's compilers and the route's response schemas. */
  zod: boolean
  /**
   * `route`: requireSession and toApiUser, as the route does (findSession's statement is prepared
   * once per database handle); `per-call`: the same, with the statement built on every call;
   * `off`: the floor's raw query.
   */
  drizzle: 'off' | 'route' | 'per-call'
}

const NONE: Layers = {
  options: false,
  cookie: false,
  helmet: 'off',
  plugins: false,
  zod: false,
  drizzle: 'off',
}
const ALL: Layers = {
  options: true,
  cookie: true,
  helmet: 'route',
  plugins: true,
  zod: true,
  drizzle: 'route',
}

export type StepKind = 'ladder' | 'without' | 'what-if'
export type Step = { name: string; kind: StepKind; layers: Layers; note: string }

/**
 * From the floor to the real route one layer at a time; then every layer but one; then the route
 * with a layer done another way.
 */
export const PROFILE_STEPS: Step[] = [
  {
    name: 'floor (rebuilt)',
    kind: 'ladder',
    layers: NONE,
    note: 'the floor, built like the steps',
  },
  {
    name: '+ Fastify options',
    kind: 'ladder',
    layers: { ...NONE, options: true },
    note: 'pino at warn with redaction, UUID request ids',
  },
  {
    name: '+ cookie plugin',
    kind: 'ladder',
    layers: { ...NONE, options: true, cookie: true },
    note: '@fastify/cookie reads the Cookie header',
  },
  {
    name: '+ helmet',
    kind: 'ladder',
    layers: { ...NONE, options: true, cookie: true, helmet: 'route' },
    note: 'security headers with the CSP',
  },
  {
    name: '+ other plugins',
    kind: 'ladder',
    layers: { ...ALL, zod: false, drizzle: 'off' },
    note: 'swagger, rate-limit plugin, Origin check, error handler',
  },
  {
    name: '+ zod serialization',
    kind: 'ladder',
    layers: { ...ALL, drizzle: 'off' },
    note: 'zod compilers and response schemas',
  },
  {
    name: '+ drizzle (= the route)',
    kind: 'ladder',
    layers: ALL,
    note: 'requireSession and toApiUser instead of the raw query',
  },
  {
    name: 'all but Fastify options',
    kind: 'without',
    layers: { ...ALL, options: false },
    note: '',
  },
  { name: 'all but helmet', kind: 'without', layers: { ...ALL, helmet: 'off' }, note: '' },
  { name: 'all but zod', kind: 'without', layers: { ...ALL, zod: false }, note: '' },
  { name: 'all but drizzle', kind: 'without', layers: { ...ALL, drizzle: 'off' }, note: '' },
  {
    name: '@fastify/helmet per request',
    kind: 'what-if',
    layers: { ...ALL, helmet: 'per-request' },
    note: "the same headers from @fastify/helmet, which rebuilds helmet's middleware every request",
  },
  {
    name: 'findSession built per call',
    kind: 'what-if',
    layers: { ...ALL, drizzle: 'per-call' },
    note: 'the same statement built on every call instead of prepared once',
  },
]

type Answer = { user: ApiUser }
type ErrorBody = ReturnType<typeof errorBody>

export type StepContext = {
  database: Database
  statement: string
  logStream: NodeJS.WritableStream
}

/** One step of the profile as an app of its own on the shared Database. */
export async function buildStep(context: StepContext, layers: Layers): Promise<FastifyInstance> {
  const { database, statement } = context
  if (layers.drizzle !== 'off' && !layers.cookie)
    throw new Error('The session cookie is read through the cookie plugin')
  const app = layers.options
    ? Fastify({
        logger: loggerOptions('warn', context.logStream),
        genReqId: () => randomUUID(),
        trustProxy: false,
        bodyLimit: 256 * 1024,
        onProtoPoisoning: 'remove',
        onConstructorPoisoning: 'remove',
      })
    : Fastify({ logger: false })
  if (layers.zod) {
    app.setValidatorCompiler(validatorCompiler)
    app.setSerializerCompiler(serializerCompiler)
  }
  if (layers.plugins) registerErrorHandling(app)
  if (layers.helmet === 'route') await registerHelmet(app)
  if (layers.helmet === 'per-request') {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives() },
      strictTransportSecurity: false,
    })
  }
  if (layers.plugins) {
    await registerSwagger(app)
    await registerRateLimit(app, database.db)
  }
  if (layers.cookie) await app.register(cookie)
  if (layers.plugins) registerOriginCheck(app, undefined)

  const deps = { db: database.db, clock: () => new Date() }
  const notSignedIn = (reply: FastifyReply): ErrorBody => {
    void reply.status(401)
    return errorBody('NOT_SIGNED_IN')
  }
  const handler = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<Answer | ErrorBody> => {
    if (layers.drizzle === 'route')
      return { user: toApiUser((await requireSession(deps, request, reply)).user) }
    const token = layers.cookie
      ? readSessionToken(request)
      : tokenFromHeader(request.headers.cookie)
    if (!token) return notSignedIn(reply)
    if (layers.drizzle === 'per-call') {
      // requireSession, with findSession's statement built on every call.
      const now = new Date()
      const [row] = await findSessionQuery(database.db, hashToken(token), now)
      if (!row) return notSignedIn(reply)
      if (await touchSession(database.db, row.session, now)) setSessionCookie(request, reply, token)
      return { user: toApiUser(row.user) }
    }
    const user = await rawFindUser(database, statement, token)
    return user ? { user } : notSignedIn(reply)
  }
  if (layers.zod) {
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(
        API_PATHS.me,
        { schema: { response: { 200: userResponseSchema, 401: errorBodySchema } } },
        handler,
      )
  } else {
    app.get(API_PATHS.me, handler)
  }
  return app
}
