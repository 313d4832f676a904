import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'
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

/** Security headers on every answer, carrying the app's own Content-Security-Policy (decision 009). */
export async function registerHelmet(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives() },
    // The app is served over plain http on 127.0.0.1 too; HSTS belongs to whoever terminates TLS.
    strictTransportSecurity: false,
  })
}
