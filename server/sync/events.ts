import { PassThrough } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { errorBodySchema } from '@/domain/api'
import { SYNC_PATHS } from '@/domain/sync'
import { z } from '@/lib/zod'
import { requireSession } from '../auth/require-session'
import type { SyncDeps } from './routes'

/** Often enough that proxies and browsers keep an idle stream open. */
export const PING_INTERVAL_MS = 25_000

const PULL_EVENT = 'event: pull\ndata: {}\n\n'
const PING = ': ping\n\n'

const EVENT_STREAM = {
  description:
    'Server-sent events: `event: pull` when the stream opens and whenever a row of this user changes; a `: ping` comment every 25 s.',
  content: { 'text/event-stream': { schema: z.string() } },
}

/**
 * `GET /api/sync/events`: a stream that says "pull" to a device (decision
 * 021, Live). On connect too, so a device that was away catches up.
 */
export function registerSyncEvents(app: FastifyInstance, deps: SyncDeps) {
  const open = new Set<PassThrough>()
  // Streams never finish on their own: ended here, they do not hold up a graceful shutdown.
  app.addHook('preClose', (done) => {
    for (const stream of open) stream.end()
    done()
  })

  app.get(
    SYNC_PATHS.events,
    {
      schema: {
        tags: ['sync'],
        response: { 200: EVENT_STREAM, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(deps, request, reply)
      const stream = new PassThrough()
      const send = (text: string) => {
        if (stream.writable) stream.write(text)
      }
      open.add(stream)
      const unsubscribe = deps.signal.subscribe(user.id, () => send(PULL_EVENT))
      const ping = setInterval(() => send(PING), PING_INTERVAL_MS)
      const stop = () => {
        clearInterval(ping)
        unsubscribe()
        open.delete(stream)
        stream.end()
      }
      // The device went away, or the stream was ended here.
      reply.raw.once('close', stop)
      stream.once('close', stop)
      send(PULL_EVENT)
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .send(stream)
    },
  )
}
