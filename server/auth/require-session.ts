import type { FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '@/domain/errors'
import type { Db } from '../db/database'
import { readSessionToken, setSessionCookie } from './session-cookie'
import { findSession, type SignedIn, touchSession } from './sessions'

export type SessionDeps = { db: Db; clock: () => Date }

/**
 * The session this request carries, or a 401. A session in use is extended
 * (sliding expiry) and its cookie sent again with the new lifetime.
 */
export async function requireSession(
  { db, clock }: SessionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SignedIn> {
  const token = readSessionToken(request)
  if (!token) throw new AppError('NOT_SIGNED_IN')
  const now = clock()
  const signedIn = await findSession(db, token, now)
  if (!signedIn) throw new AppError('NOT_SIGNED_IN')
  if (await touchSession(db, signedIn.session, now)) setSessionCookie(request, reply, token)
  return signedIn
}

/** Only accounts of `role`: no session is 401, any other role 403. */
export async function requireRole(
  deps: SessionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  role: SignedIn['user']['role'],
): Promise<SignedIn['user']> {
  const { user } = await requireSession(deps, request, reply)
  if (user.role !== role) throw new AppError('FORBIDDEN')
  return user
}

/** Admins only. What an admin reads is other people's data: no cache keeps a copy. */
export async function requireAdmin(
  deps: SessionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SignedIn['user']> {
  const admin = await requireRole(deps, request, reply, 'admin')
  void reply.header('cache-control', 'no-store')
  return admin
}
