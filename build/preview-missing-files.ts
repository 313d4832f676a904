import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Plugin } from 'vite'
import { namesAFile } from './static-paths.ts'

/** The server's answer for a file it does not have (errorBody in src/domain/api.ts). */
const NOT_FOUND = { error: { code: 'NOT_FOUND', message: 'There is no such file.' } }

/**
 * `vite preview` answers every path it has no file for with index.html, `/robots.txt` and a
 * missing chunk included. This answers a missing file with the Letterhead server's 404
 * (server/plugins/static-app.ts), so the preview serves the build as the server does.
 */
export function previewMissingFilesPlugin(): Plugin {
  return {
    name: 'letterhead-preview-missing-files',
    configurePreviewServer(server) {
      const root = resolve(server.config.root, server.config.build.outDir)
      server.middlewares.use((request, response, next) => {
        const path = (request.url ?? '/').split('?')[0] ?? '/'
        let decoded: string
        try {
          decoded = decodeURIComponent(path)
        } catch {
          return next()
        }
        if (!namesAFile(decoded) || existsSync(join(root, decoded))) return next()
        response.statusCode = 404
        response.setHeader('content-type', 'application/json; charset=utf-8')
        response.end(JSON.stringify(NOT_FOUND))
      })
    },
  }
}
