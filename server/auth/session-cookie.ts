import type { FastifyReply, FastifyRequest } from 'fastify'
import { SESSION_TTL_MS } from './sessions'

export const SESSION_COOKIE = 'letterhead_session'
/** Over HTTPS the cookie takes the `__Host-` prefix: Secure, this host only, path `/`. */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`

const overHttps = (request: FastifyRequest) => request.protocol === 'https'

export function readSessionToken(request: FastifyRequest): string | undefined {
  const token = request.cookies[SECURE_SESSION_COOKIE] ?? request.cookies[SESSION_COOKIE]
  return token && token.length <= 128 ? token : undefined
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  const secure = overHttps(request)
  reply.setCookie(secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: SESSION_TTL_MS / 1000,
  })
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  const secure = overHttps(request)
  reply.clearCookie(secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
  })
}
