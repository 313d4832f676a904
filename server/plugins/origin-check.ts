import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '@/domain/errors'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** The origin this request was addressed to, as a browser on the page would name it. */
export function ownOrigin(request: FastifyRequest, publicOrigin: string | undefined): string {
  return publicOrigin ?? `${request.protocol}://${request.host}`
}

/**
 * A state-changing request that a browser made from another site is refused
 * (403), whatever cookies it carries. Browsers send `Origin` on every such
 * request; a request without one and without `Sec-Fetch-Site: cross-site`
 * comes from a program, not a page, and cannot ride on a visitor's session.
 */
export function refusesForeignOrigin(
  request: FastifyRequest,
  publicOrigin: string | undefined,
): boolean {
  if (SAFE_METHODS.has(request.method)) return false
  const origin = request.headers.origin
  if (origin === undefined) return request.headers['sec-fetch-site'] === 'cross-site'
  return origin !== ownOrigin(request, publicOrigin)
}

/**
 * Every path is checked, not only those that start with `/api/`: the router
 * decodes the path, so `/%61pi/auth/sign-up` reaches the sign-up route too.
 * Only the API changes anything, so elsewhere the check costs nothing.
 */
export function registerOriginCheck(app: FastifyInstance, publicOrigin: string | undefined) {
  app.addHook('onRequest', (request, _reply, done) => {
    done(refusesForeignOrigin(request, publicOrigin) ? new AppError('ORIGIN_REFUSED') : undefined)
  })
}
