import helmet from '@fastify/helmet'
import Fastify, { type FastifyInstance } from 'fastify'
import { contentSecurityPolicy } from '../../build/content-security-policy'

/** The policy the build puts in index.html, as directives helmet can send as a header. */
export function cspDirectives(policy: string = contentSecurityPolicy()): Record<string, string[]> {
  return Object.fromEntries(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words): words is [string, ...string[]] => words.length > 0 && words[0] !== '')
      .map(([name, ...values]) => [name, values]),
  )
}

const HELMET_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: cspDirectives() },
  // The app is served over plain http on 127.0.0.1 too; HSTS belongs to whoever terminates TLS.
  strictTransportSecurity: false,
}

/** What any answer carries that is not a security header. */
const NOT_SECURITY = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive'])

/**
 * The headers helmet sends, found once by asking it on a throwaway instance.
 * `@fastify/helmet` builds helmet's middleware anew for every request, which
 * cost `GET /api/auth/me` a tenth of its time (docs/performance.md); the
 * headers do not depend on the request, so they are worked out once.
 */
export async function securityHeaders(): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false })
  await probe.register(helmet, HELMET_OPTIONS)
  probe.get('/', () => '')
  const answer = await probe.inject({ method: 'GET', url: '/' })
  await probe.close()
  return Object.fromEntries(
    Object.entries(answer.headers)
      .filter(([name, value]) => !NOT_SECURITY.has(name) && typeof value === 'string')
      .map(([name, value]) => [name, String(value)]),
  )
}

/** Security headers on every answer, carrying the app's own Content-Security-Policy (decision 009). */
export async function registerHelmet(app: FastifyInstance) {
  const headers = await securityHeaders()
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers)
    done()
  })
}
