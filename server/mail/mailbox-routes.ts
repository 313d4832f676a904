import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { readMailbox } from './mailbox'
import { MAILBOX_STYLES, mailboxPage } from './mailbox-page'

export const MAILBOX_PATH = '/dev/mail'
/** Its stylesheet: a file of the same origin, as the Content-Security-Policy allows. */
export const MAILBOX_STYLES_PATH = '/dev/mail.css'

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

/**
 * From this computer, and not passed on by a proxy: the connection and the
 * address the server believes are both loopback, and no forwarding header
 * says the request began elsewhere.
 */
function fromThisComputer(request: FastifyRequest): boolean {
  const { headers } = request
  if (headers['x-forwarded-for'] !== undefined || headers.forwarded !== undefined) return false
  return LOOPBACK.has(request.socket.remoteAddress ?? '') && LOOPBACK.has(request.ip)
}

/**
 * `GET /dev/mail`: the development mailbox, when it is the transport
 * (no SMTP_URL, not production). Anyone else, and every request when it is
 * not, gets a 404, as for a page that does not exist, rather than the app.
 */
export function registerMailboxRoute(app: FastifyInstance, dir: string | null) {
  const refused = (request: FastifyRequest, reply: FastifyReply) => {
    void reply.header('cache-control', 'no-store')
    if (dir !== null && fromThisComputer(request)) return null
    return reply.status(404).type('text/plain; charset=utf-8').send('Not found\n')
  }
  app.get(MAILBOX_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (refused(request, reply) || dir === null) return reply
    return reply.type('text/html; charset=utf-8').send(mailboxPage(await readMailbox(dir)))
  })
  app.get(MAILBOX_STYLES_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (refused(request, reply)) return reply
    return reply.type('text/css; charset=utf-8').send(MAILBOX_STYLES)
  })
}
