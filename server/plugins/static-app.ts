import { existsSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { apiNotFound } from '../http/errors'

/** Hashed build files never change under their name; everything else is checked on every load. */
function cacheControl(path: string): string {
  return /[/\\]assets[/\\]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache'
}

/**
 * Serves the built app from `root`, with every non-API path that is not a file
 * answered by index.html (the app's router takes it from there). An unknown
 * `/api/*` path is a JSON 404, never the HTML shell.
 */
export async function registerStaticApp(app: FastifyInstance, root: string) {
  const hasApp = existsSync(join(root, 'index.html'))
  if (hasApp) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: ['index.html'],
      setHeaders: (reply, path) => {
        void reply.header('cache-control', cacheControl(path))
      },
    })
  } else {
    app.log.warn({ root }, 'no built app found: serving the API only (run npm run build)')
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? ''
    const wantsPage = request.method === 'GET' || request.method === 'HEAD'
    if (path === '/api' || path.startsWith('/api/') || !hasApp || !wantsPage) {
      return reply.status(404).send(apiNotFound())
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html')
  })
}
