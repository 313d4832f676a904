import { and, eq, gt } from 'drizzle-orm'
import Fastify, { type FastifyInstance } from 'fastify'
import { API_PATHS, type ApiUser, errorBody } from '@/domain/api'
import { SESSION_COOKIE } from '../../server/auth/session-cookie'
import { hashToken } from '../../server/auth/tokens'
import type { Database, Db } from '../../server/db/database'
import { sessions, users } from '../../server/db/schema'

/** findSession's query (server/auth/sessions.ts), written with the same query builder. */
export function findSessionQuery(db: Db, tokenHash = '', now = new Date()) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .limit(1)
}

/**
 * The statement findSession sends, read back with `.toSQL()`. The target checks it against what
 * findSession really sends through the driver before anything is timed, so the floor cannot drift.
 */
export function findSessionStatement(db: Db): string {
  return findSessionQuery(db).toSQL().sql
}

/** A call drizzle made to its driver client: the statement, its parameters, every argument. */
export type Sent = { text: string; params: unknown[]; args: unknown[] }

type DriverQuery = { client: object; query: (...args: unknown[]) => unknown }

/** The driver client drizzle holds (PGlite, or pg's pool) and its own `query` method. */
export function driverQuery(db: Db): DriverQuery {
  const session: unknown = Reflect.get(db, 'session')
  const client: unknown =
    typeof session === 'object' && session !== null ? Reflect.get(session, 'client') : undefined
  if (typeof client !== 'object' || client === null)
    throw new Error("Cannot find drizzle's driver client")
  const query: unknown = Reflect.get(client, 'query')
  if (typeof query !== 'function') throw new Error('The driver client has no query method')
  return {
    client,
    query: (...args: unknown[]): unknown => {
      const result: unknown = Reflect.apply(query, client, args)
      return result
    },
  }
}

/**
 * What `run` sends through drizzle's driver client: its `query` is wrapped for the call, then
 * restored. Both drivers take the text first, PGlite as a string, pg as `{ text }`.
 */
export async function captureStatements(db: Db, run: () => Promise<unknown>): Promise<Sent[]> {
  const { client, query } = driverQuery(db)
  const own = Object.hasOwn(client, 'query')
  const original: unknown = Reflect.get(client, 'query')
  const sent: Sent[] = []
  Reflect.set(client, 'query', (...args: unknown[]): unknown => {
    const [first, params] = args
    const text: unknown =
      typeof first === 'object' && first !== null ? Reflect.get(first, 'text') : first
    sent.push({ text: String(text), params: Array.isArray(params) ? params : [], args })
    return query(...args)
  })
  try {
    await run()
  } finally {
    if (own) Reflect.set(client, 'query', original)
    else Reflect.deleteProperty(client, 'query')
  }
  return sent
}

/** The session token in a Cookie header, read by hand (the floor has no cookie plugin). */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const equals = part.indexOf('=')
    if (equals > 0 && part.slice(0, equals).trim() === SESSION_COOKIE) {
      const token = part.slice(equals + 1).trim()
      return token && token.length <= 128 ? token : undefined
    }
  }
  return undefined
}

const iso = (value: unknown) =>
  (value instanceof Date ? value : new Date(String(value))).toISOString()

/**
 * The user of a row of that statement, read as objects by the raw driver. `id` and `created_at`
 * appear twice in the select list, sessions' first and users' second; the later column wins, so
 * they are the user's. The bench checks this answer against the real route's, byte for byte.
 */
export function userFromRow(row: Record<string, unknown>): ApiUser {
  const couponCode = row.coupon_code
  return {
    id: String(row.id),
    email: String(row.email),
    fullName: String(row.full_name),
    role: row.role as ApiUser['role'],
    ...(typeof couponCode === 'string' && couponCode ? { couponCode } : {}),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  }
}

/** The user a session token opens, through the raw driver with findSession's statement. */
export async function rawFindUser(
  database: Database,
  statement: string,
  token: string,
): Promise<ApiUser | null> {
  const [row] = (await database.query(statement, [
    hashToken(token),
    new Date().toISOString(),
    1,
  ])) as Record<string, unknown>[]
  return row ? userFromRow(row) : null
}

/**
 * The floor for `GET /api/auth/me`: Fastify with no plugins, no hooks, no schemas, and one route
 * that runs the same single indexed SELECT on the same Database and answers the same JSON.
 */
export function buildFloor(database: Database, statement: string): FastifyInstance {
  const app = Fastify({ logger: false })
  app.get(API_PATHS.me, async (request, reply) => {
    const token = tokenFromHeader(request.headers.cookie)
    const user = token ? await rawFindUser(database, statement, token) : null
    if (!user) return reply.status(401).send(errorBody('NOT_SIGNED_IN'))
    return { user }
  })
  return app
}
