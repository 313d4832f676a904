import { and, desc, eq, gt, ne, sql } from 'drizzle-orm'
import type { SessionSummary } from '@/domain/api'
import { newId } from '@/domain/ids'
import type { Db } from '../db/database'
import { sessions, users } from '../db/schema'
import { deviceLabel } from './device-label'
import { hashToken, newSessionToken } from './tokens'

export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000
/** A session seen again within this long is not written to again: most requests only read. */
export const TOUCH_AFTER_MS = 60_000
const USER_AGENT_MAX = 512

export type UserRow = typeof users.$inferSelect
export type SessionRow = typeof sessions.$inferSelect
export type SignedIn = { session: SessionRow; user: UserRow }

/** Opens a session; the token goes to the cookie and only its digest to the database. */
export async function openSession(
  db: Db,
  userId: string,
  userAgent: string,
  now: Date,
): Promise<{ token: string; session: SessionRow }> {
  const token = newSessionToken()
  const [session] = await db
    .insert(sessions)
    .values({
      id: newId(),
      userId,
      tokenHash: hashToken(token),
      userAgent: userAgent.slice(0, USER_AGENT_MAX),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    })
    .returning()
  if (!session) throw new Error('The session was not stored')
  return { token, session }
}

function sessionLookup(db: Db) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('find_session')
}

/**
 * Nearly every request looks its session up, so the statement is built once
 * per database handle rather than on every call (what building it cost is in
 * docs/performance.md, "Server: sign-in and me").
 */
const lookups = new WeakMap<Db, ReturnType<typeof sessionLookup>>()

/** The live session a token opens, with its user; an expired or revoked one is none. */
export async function findSession(db: Db, token: string, now: Date): Promise<SignedIn | null> {
  let lookup = lookups.get(db)
  if (!lookup) {
    lookup = sessionLookup(db)
    lookups.set(db, lookup)
  }
  const [row] = await lookup.execute({ tokenHash: hashToken(token), now: now.toISOString() })
  return row ?? null
}

/**
 * Sliding expiry: a session in use lives 30 days past its last use. Returns
 * whether it was extended (the cookie is then sent again with the new lifetime).
 */
export async function touchSession(db: Db, session: SessionRow, now: Date): Promise<boolean> {
  if (now.getTime() - session.lastSeenAt.getTime() < TOUCH_AFTER_MS) return false
  await db
    .update(sessions)
    .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) })
    .where(eq(sessions.id, session.id))
  return true
}

export async function closeSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId))
}

/** Ends every session of the account but `keepId`; returns how many ended. */
export async function closeOtherSessions(db: Db, userId: string, keepId: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)))
    .returning({ id: sessions.id })
  return ended.length
}

export async function listSessions(
  db: Db,
  userId: string,
  currentId: string,
  now: Date,
): Promise<SessionSummary[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
  return rows.map((row) => ({
    id: row.id,
    device: deviceLabel(row.userAgent),
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === currentId,
  }))
}
