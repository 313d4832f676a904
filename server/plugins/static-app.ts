import { existsSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { errorBody } from '@/domain/api'
import { namesAFile } from '../../build/static-paths'
import { apiNotFound } from '../http/errors'

/**
 * Hashed build files (the build's own assets/ folder) never change under their
 * name; everything else is checked on every load. The path is taken inside
 * `root`, so a build kept under some other folder named assets is not cached forever.
 */
function cacheControl(root: string, path: string): string {
  const [top] = relative(root, path).split(sep)
  return top === 'assets' ? 'public, max-age=31536000, immutable' : 'no-cache'
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
      // The build writes .br and .gz beside each text file (build/precompress.ts): sent to whoever accepts them.
      preCompressed: true,
      setHeaders: (reply, path) => {
        void reply.header('cache-control', cacheControl(root, path))
      },
    })
  } else {
    app.log.warn({ root }, 'no built app found: serving the API only (run npm run build)')
  }

  app.setNotFoundHandler((request, reply) => {
    const path = decodedPath(request.url)
    const wantsPage = request.method === 'GET' || request.method === 'HEAD'
    if (path === '/api' || path.startsWith('/api/') || !hasApp || !wantsPage) {
      return reply.status(404).send(apiNotFound())
    }
    // A build file that is not there (an old tab asking for the last build's chunk) is a 404:
    // the page in its place would only fail as a script. So is any other file name (robots.txt,
    // sitemap.xml): a crawler reading the page as that file would find it malformed.
    if (path.startsWith('/assets/') || namesAFile(path)) {
      return reply.status(404).send(errorBody('NOT_FOUND', 'There is no such file.'))
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html')
  })
}

/** The path as the router matched it: `/%61pi/x` is `/api/x`. */
function decodedPath(url: string): string {
  const path = url.split('?')[0] ?? ''
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}
