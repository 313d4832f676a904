import type { FastifyInstance } from 'fastify'

export type AppRoute = { method: string; path: string }

const LINE = /^((?:[│ ] {3})*)[├└]── (.+) \(([^)]*)\)$/

/**
 * Every method and path the app serves, read from Fastify's own route tree
 * (`printRoutes`), so a route added later is found without anyone listing it.
 * The tree prints each node as the part of the path its parent does not hold.
 */
export function appRoutes(app: FastifyInstance): AppRoute[] {
  const printed = app.printRoutes({ commonPrefix: false })
  const parents: string[] = []
  const routes: AppRoute[] = []
  for (const line of printed.split('\n')) {
    if (line.trim() === '') continue
    const match = LINE.exec(line)
    if (!match) throw new Error(`Cannot read the route tree's line ${JSON.stringify(line)}`)
    const [, indent = '', part = '', methods = ''] = match
    const depth = indent.length / 4
    const path = `${parents[depth - 1] ?? ''}${part}`
    parents[depth] = path
    parents.length = depth + 1
    for (const method of methods.split(', ')) {
      if (method !== '-') routes.push({ method, path })
    }
  }
  return routes
}

export const routeKey = (route: AppRoute) => `${route.method} ${route.path}`
